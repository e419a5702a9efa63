//go:build amd64 && !purego

#include "textflag.h"

// AVX2 kernels of package vec: 8 float32 lanes (4 float64). Each does the
// whole 8-entry blocks and returns how many entries it did; the Go caller
// finishes the rest. Every entry is computed with the same operations in
// the same order as the Go loops (no fused multiply-add, no
// reassociation), so both give the same bits. VZEROUPPER before returning
// keeps the SSE code that follows free of transition stalls.

// func scaleAVX2(dst, src []float32, k float32) int
TEXT ·scaleAVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	VBROADCASTSS k+48(FP), Y1
	ANDQ $~7, CX
	XORQ AX, AX
scaleLoop:
	CMPQ AX, CX
	JGE  scaleDone
	VMULPS (SI)(AX*4), Y1, Y0
	VMOVUPS Y0, (DI)(AX*4)
	ADDQ $8, AX
	JMP  scaleLoop
scaleDone:
	VZEROUPPER
	MOVQ CX, ret+56(FP)
	RET

// func mulAVX2(dst, x []float32) int
TEXT ·mulAVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	ANDQ $~7, CX
	XORQ AX, AX
mulLoop:
	CMPQ AX, CX
	JGE  mulDone
	VMOVUPS (DI)(AX*4), Y0
	VMULPS (SI)(AX*4), Y0, Y0
	VMOVUPS Y0, (DI)(AX*4)
	ADDQ $8, AX
	JMP  mulLoop
mulDone:
	VZEROUPPER
	MOVQ CX, ret+48(FP)
	RET

// func mulOfAVX2(dst, src, x []float32) int
TEXT ·mulOfAVX2(SB), NOSPLIT, $0-80
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), DX
	MOVQ x_base+48(FP), SI
	ANDQ $~7, CX
	XORQ AX, AX
mulOfLoop:
	CMPQ AX, CX
	JGE  mulOfDone
	VMOVUPS (DX)(AX*4), Y0
	VMULPS (SI)(AX*4), Y0, Y0
	VMOVUPS Y0, (DI)(AX*4)
	ADDQ $8, AX
	JMP  mulOfLoop
mulOfDone:
	VZEROUPPER
	MOVQ CX, ret+72(FP)
	RET

// func addAVX2(dst, x []float32) int
TEXT ·addAVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	ANDQ $~7, CX
	XORQ AX, AX
addLoop:
	CMPQ AX, CX
	JGE  addDone
	VMOVUPS (DI)(AX*4), Y0
	VADDPS (SI)(AX*4), Y0, Y0
	VMOVUPS Y0, (DI)(AX*4)
	ADDQ $8, AX
	JMP  addLoop
addDone:
	VZEROUPPER
	MOVQ CX, ret+48(FP)
	RET

// func addTo64AVX2(dst []float64, x []float32) int
TEXT ·addTo64AVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	ANDQ $~7, CX
	XORQ AX, AX
addTo64Loop:
	CMPQ AX, CX
	JGE  addTo64Done
	VCVTPS2PD (SI)(AX*4), Y0
	VCVTPS2PD 16(SI)(AX*4), Y1
	VADDPD (DI)(AX*8), Y0, Y0
	VADDPD 32(DI)(AX*8), Y1, Y1
	VMOVUPD Y0, (DI)(AX*8)
	VMOVUPD Y1, 32(DI)(AX*8)
	ADDQ $8, AX
	JMP  addTo64Loop
addTo64Done:
	VZEROUPPER
	MOVQ CX, ret+48(FP)
	RET

// func from64AVX2(dst []float32, src []float64) int
TEXT ·from64AVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ src_base+24(FP), SI
	ANDQ $~7, CX
	XORQ AX, AX
from64Loop:
	CMPQ AX, CX
	JGE  from64Done
	VCVTPD2PSY (SI)(AX*8), X0
	VCVTPD2PSY 32(SI)(AX*8), X1
	VMOVUPS X0, (DI)(AX*4)
	VMOVUPS X1, 16(DI)(AX*4)
	ADDQ $8, AX
	JMP  from64Loop
from64Done:
	VZEROUPPER
	MOVQ CX, ret+48(FP)
	RET

// func invertAVX2(inv, uni []float32, u float32) int
// den (in inv) > 0 ? (1/den, 0) : (0, u)
TEXT ·invertAVX2(SB), NOSPLIT, $0-64
	MOVQ inv_base+0(FP), DI
	MOVQ inv_len+8(FP), CX
	MOVQ uni_base+24(FP), SI
	VBROADCASTSS u+48(FP), Y5
	MOVL $0x3f800000, DX
	MOVL DX, X6
	VBROADCASTSS X6, Y6
	VXORPS Y7, Y7, Y7
	ANDQ $~7, CX
	XORQ AX, AX
invertLoop:
	CMPQ AX, CX
	JGE  invertDone
	VMOVUPS (DI)(AX*4), Y0
	VCMPPS $0x0e, Y7, Y0, Y1
	VDIVPS Y0, Y6, Y2
	VANDPS Y1, Y2, Y2
	VANDNPS Y5, Y1, Y3
	VMOVUPS Y2, (DI)(AX*4)
	VMOVUPS Y3, (SI)(AX*4)
	ADDQ $8, AX
	JMP  invertLoop
invertDone:
	VZEROUPPER
	MOVQ CX, ret+56(FP)
	RET

// func sigmaAVX2(s, r, inv, uni []float32) int
// s = r·inv + uni
TEXT ·sigmaAVX2(SB), NOSPLIT, $0-104
	MOVQ s_base+0(FP), DI
	MOVQ s_len+8(FP), CX
	MOVQ r_base+24(FP), SI
	MOVQ inv_base+48(FP), DX
	MOVQ uni_base+72(FP), BX
	ANDQ $~7, CX
	XORQ AX, AX
sigmaLoop:
	CMPQ AX, CX
	JGE  sigmaDone
	VMOVUPS (SI)(AX*4), Y0
	VMULPS (DX)(AX*4), Y0, Y0
	VADDPS (BX)(AX*4), Y0, Y0
	VMOVUPS Y0, (DI)(AX*4)
	ADDQ $8, AX
	JMP  sigmaLoop
sigmaDone:
	VZEROUPPER
	MOVQ CX, ret+96(FP)
	RET

// func dotAccAVX2(out, s, y []float32) int
// out += s·y
TEXT ·dotAccAVX2(SB), NOSPLIT, $0-80
	MOVQ out_base+0(FP), DI
	MOVQ out_len+8(FP), CX
	MOVQ s_base+24(FP), SI
	MOVQ y_base+48(FP), DX
	ANDQ $~7, CX
	XORQ AX, AX
dotLoop:
	CMPQ AX, CX
	JGE  dotDone
	VMOVUPS (SI)(AX*4), Y0
	VMULPS (DX)(AX*4), Y0, Y0
	VADDPS (DI)(AX*4), Y0, Y0
	VMOVUPS Y0, (DI)(AX*4)
	ADDQ $8, AX
	JMP  dotLoop
dotDone:
	VZEROUPPER
	MOVQ CX, ret+72(FP)
	RET

// func maxAVX2(out, y []float32) int
// out = out > y ? out : y (VMAXPS's rule)
TEXT ·maxAVX2(SB), NOSPLIT, $0-56
	MOVQ out_base+0(FP), DI
	MOVQ out_len+8(FP), CX
	MOVQ y_base+24(FP), SI
	ANDQ $~7, CX
	XORQ AX, AX
maxLoop:
	CMPQ AX, CX
	JGE  maxDone
	VMOVUPS (DI)(AX*4), Y0
	VMAXPS (SI)(AX*4), Y0, Y0
	VMOVUPS Y0, (DI)(AX*4)
	ADDQ $8, AX
	JMP  maxLoop
maxDone:
	VZEROUPPER
	MOVQ CX, ret+48(FP)
	RET

// func regretValueUpdateAVX2(out, reg, x []float32, k int, u, pos, neg float32) int
//
// For each block of 8 hands: over the k actions, p = max(R, 0) by the sign
// bit, num += p·x, den += p, sum += x; v = den > 0 ? num/den : sum·u;
// out = v; then R = R·(R < 0 ? neg : pos) + x − v.
TEXT ·regretValueUpdateAVX2(SB), NOSPLIT, $0-104
	MOVQ out_base+0(FP), DI
	MOVQ out_len+8(FP), CX
	MOVQ reg_base+24(FP), SI
	MOVQ x_base+48(FP), DX
	MOVQ k+72(FP), R8
	VBROADCASTSS u+80(FP), Y12
	VBROADCASTSS pos+84(FP), Y13
	VBROADCASTSS neg+88(FP), Y14
	VXORPS Y15, Y15, Y15
	MOVQ CX, R9
	SHLQ $2, R9 // row stride in bytes
	ANDQ $~7, CX
	XORQ AX, AX
rvuLoop:
	CMPQ AX, CX
	JGE  rvuDone
	VXORPS Y0, Y0, Y0 // num
	VXORPS Y1, Y1, Y1 // den
	VXORPS Y2, Y2, Y2 // sum
	LEAQ (SI)(AX*4), R11
	LEAQ (DX)(AX*4), R12
	MOVQ R8, BX
rvuAcc:
	VMOVUPS (R11), Y3
	VMOVUPS (R12), Y4
	VPSRAD $31, Y3, Y5
	VPANDN Y3, Y5, Y5
	VMULPS Y4, Y5, Y6
	VADDPS Y6, Y0, Y0
	VADDPS Y5, Y1, Y1
	VADDPS Y4, Y2, Y2
	ADDQ R9, R11
	ADDQ R9, R12
	DECQ BX
	JNZ  rvuAcc
	VCMPPS $0x0e, Y15, Y1, Y7
	VDIVPS Y1, Y0, Y8
	VMULPS Y12, Y2, Y9
	VBLENDVPS Y7, Y8, Y9, Y10
	VMOVUPS Y10, (DI)(AX*4)
	LEAQ (SI)(AX*4), R11
	LEAQ (DX)(AX*4), R12
	MOVQ R8, BX
rvuUpd:
	VMOVUPS (R11), Y3
	VBLENDVPS Y3, Y14, Y13, Y5
	VMULPS Y5, Y3, Y3
	VADDPS (R12), Y3, Y3
	VSUBPS Y10, Y3, Y3
	VMOVUPS Y3, (R11)
	ADDQ R9, R11
	ADDQ R9, R12
	DECQ BX
	JNZ  rvuUpd
	ADDQ $8, AX
	JMP  rvuLoop
rvuDone:
	VZEROUPPER
	MOVQ CX, ret+96(FP)
	RET

// func reachUpdateAVX2(sig, cum, reg, reach []float32, k int, u, disc float32) int
//
// For each block of 8 hands: den = Σ_a max(R, 0); inv, uni = den > 0 ?
// (1/den, 0) : (0, u); then for each action s = (max(R, 0)·inv + uni)·reach,
// sig = s, cum = cum·disc + s.
TEXT ·reachUpdateAVX2(SB), NOSPLIT, $0-120
	MOVQ sig_base+0(FP), DI
	MOVQ cum_base+24(FP), R10
	MOVQ reg_base+48(FP), SI
	MOVQ reach_base+72(FP), DX
	MOVQ reach_len+80(FP), CX
	MOVQ k+96(FP), R8
	VBROADCASTSS u+104(FP), Y12
	VBROADCASTSS disc+108(FP), Y13
	MOVL $0x3f800000, R13
	MOVL R13, X14
	VBROADCASTSS X14, Y14
	VXORPS Y15, Y15, Y15
	MOVQ CX, R9
	SHLQ $2, R9
	ANDQ $~7, CX
	XORQ AX, AX
ruLoop:
	CMPQ AX, CX
	JGE  ruDone
	LEAQ (SI)(AX*4), R11
	VMOVUPS (R11), Y3
	VPSRAD $31, Y3, Y5
	VPANDN Y3, Y5, Y1 // den = max(R₀, 0)
	MOVQ R8, BX
	DECQ BX
	JZ   ruScaled
ruDen:
	ADDQ R9, R11
	VMOVUPS (R11), Y3
	VPSRAD $31, Y3, Y5
	VPANDN Y3, Y5, Y5
	VADDPS Y5, Y1, Y1
	DECQ BX
	JNZ  ruDen
ruScaled:
	VCMPPS $0x0e, Y15, Y1, Y7
	VDIVPS Y1, Y14, Y2
	VANDPS Y7, Y2, Y2   // inv
	VANDNPS Y12, Y7, Y8 // uni
	VMOVUPS (DX)(AX*4), Y9
	LEAQ (SI)(AX*4), R11
	LEAQ (DI)(AX*4), R12
	LEAQ (R10)(AX*4), R13
	MOVQ R8, BX
ruRows:
	VMOVUPS (R11), Y3
	VPSRAD $31, Y3, Y5
	VPANDN Y3, Y5, Y5
	VMULPS Y2, Y5, Y5
	VADDPS Y8, Y5, Y5
	VMULPS Y9, Y5, Y5
	VMOVUPS Y5, (R12)
	VMOVUPS (R13), Y6
	VMULPS Y13, Y6, Y6
	VADDPS Y5, Y6, Y6
	VMOVUPS Y6, (R13)
	ADDQ R9, R11
	ADDQ R9, R12
	ADDQ R9, R13
	DECQ BX
	JNZ  ruRows
	ADDQ $8, AX
	JMP  ruLoop
ruDone:
	VZEROUPPER
	MOVQ CX, ret+112(FP)
	RET

// func decode16AVX2(dst []float32, q []int16, scale float32) int
TEXT ·decode16AVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ q_base+24(FP), SI
	VBROADCASTSS scale+48(FP), Y1
	ANDQ $~7, CX
	XORQ AX, AX
dec16Loop:
	CMPQ AX, CX
	JGE  dec16Done
	VPMOVSXWD (SI)(AX*2), Y0
	VCVTDQ2PS Y0, Y0
	VMULPS Y1, Y0, Y0
	VMOVUPS Y0, (DI)(AX*4)
	ADDQ $8, AX
	JMP  dec16Loop
dec16Done:
	VZEROUPPER
	MOVQ CX, ret+56(FP)
	RET

// func decodeU16AVX2(dst []float32, q []uint16, scale float32) int
TEXT ·decodeU16AVX2(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ q_base+24(FP), SI
	VBROADCASTSS scale+48(FP), Y1
	ANDQ $~7, CX
	XORQ AX, AX
decU16Loop:
	CMPQ AX, CX
	JGE  decU16Done
	VPMOVZXWD (SI)(AX*2), Y0
	VCVTDQ2PS Y0, Y0
	VMULPS Y1, Y0, Y0
	VMOVUPS Y0, (DI)(AX*4)
	ADDQ $8, AX
	JMP  decU16Loop
decU16Done:
	VZEROUPPER
	MOVQ CX, ret+56(FP)
	RET

// func maxAbsAVX2(x []float32) (m float32, n int)
TEXT ·maxAbsAVX2(SB), NOSPLIT, $0-40
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	MOVL $0x7fffffff, DX
	MOVL DX, X2
	VBROADCASTSS X2, Y2
	VXORPS Y0, Y0, Y0
	ANDQ $~7, CX
	XORQ AX, AX
maxAbsLoop:
	CMPQ AX, CX
	JGE  maxAbsDone
	VANDPS (SI)(AX*4), Y2, Y1
	VMAXPS Y1, Y0, Y0
	ADDQ $8, AX
	JMP  maxAbsLoop
maxAbsDone:
	VEXTRACTF128 $1, Y0, X1
	VMAXPS X1, X0, X0
	VPERMILPS $0x4e, X0, X1
	VMAXPS X1, X0, X0
	VPERMILPS $0xb1, X0, X1
	VMAXPS X1, X0, X0
	VZEROUPPER
	MOVSS X0, m+24(FP)
	MOVQ CX, n+32(FP)
	RET

// func encode16AVX2(q []int16, x []float32, inv float32) int
// q = int16(clamp(roundeven(x·inv), ±32767))
TEXT ·encode16AVX2(SB), NOSPLIT, $0-64
	MOVQ q_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	VBROADCASTSS inv+48(FP), Y1
	MOVL $0x46fffe00, DX // 32767.0
	MOVL DX, X2
	VBROADCASTSS X2, Y2
	MOVL $0xc6fffe00, DX // -32767.0
	MOVL DX, X3
	VBROADCASTSS X3, Y3
	ANDQ $~7, CX
	XORQ AX, AX
enc16Loop:
	CMPQ AX, CX
	JGE  enc16Done
	VMULPS (SI)(AX*4), Y1, Y0
	VROUNDPS $0, Y0, Y0
	VMINPS Y2, Y0, Y0
	VMAXPS Y3, Y0, Y0
	VCVTPS2DQ Y0, Y0
	VEXTRACTI128 $1, Y0, X4
	VPACKSSDW X4, X0, X0
	VMOVDQU X0, (DI)(AX*2)
	ADDQ $8, AX
	JMP  enc16Loop
enc16Done:
	VZEROUPPER
	MOVQ CX, ret+56(FP)
	RET

// func encodeU16AVX2(q []uint16, x []float32, inv float32) int
// q = uint16(clamp(roundeven(x·inv), 0, 65535))
TEXT ·encodeU16AVX2(SB), NOSPLIT, $0-64
	MOVQ q_base+0(FP), DI
	MOVQ x_base+24(FP), SI
	MOVQ x_len+32(FP), CX
	VBROADCASTSS inv+48(FP), Y1
	MOVL $0x477fff00, DX // 65535.0
	MOVL DX, X2
	VBROADCASTSS X2, Y2
	VXORPS Y3, Y3, Y3
	ANDQ $~7, CX
	XORQ AX, AX
encU16Loop:
	CMPQ AX, CX
	JGE  encU16Done
	VMULPS (SI)(AX*4), Y1, Y0
	VROUNDPS $0, Y0, Y0
	VMINPS Y2, Y0, Y0
	VMAXPS Y3, Y0, Y0
	VCVTPS2DQ Y0, Y0
	VEXTRACTI128 $1, Y0, X4
	VPACKUSDW X4, X0, X0
	VMOVDQU X0, (DI)(AX*2)
	ADDQ $8, AX
	JMP  encU16Loop
encU16Done:
	VZEROUPPER
	MOVQ CX, ret+56(FP)
	RET

// The constants of Exp (vec.go): ExpMin, log₂e, ln2 high and low, the
// polynomial's P0 … P5, 1, and the exponent bias 127 (an int32).
DATA expc<>+0(SB)/4, $0xc2ae0000
DATA expc<>+4(SB)/4, $0x3fb8aa3b
DATA expc<>+8(SB)/4, $0x3f318000
DATA expc<>+12(SB)/4, $0xb95e8083
DATA expc<>+16(SB)/4, $0x39506967
DATA expc<>+20(SB)/4, $0x3ab743ce
DATA expc<>+24(SB)/4, $0x3c088908
DATA expc<>+28(SB)/4, $0x3d2aa9c1
DATA expc<>+32(SB)/4, $0x3e2aaaaa
DATA expc<>+36(SB)/4, $0x3f000000
DATA expc<>+40(SB)/4, $0x3f800000
DATA expc<>+44(SB)/4, $0x0000007f
GLOBL expc<>(SB), RODATA|NOPTR, $48

// func expAVX2(dst, x []float32) int
//
// exp32 on 8 lanes: n = round(x·log₂e), r = (x − n·hi) − n·lo, the
// polynomial by Horner, ·z, + r, + 1, times 2^n from (n + 127) << 23; 0
// where x < ExpMin (an ordered compare: NaN goes through as NaN).
TEXT ·expAVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	ANDQ $~7, CX
	VBROADCASTSS expc<>+0(SB), Y8
	VBROADCASTSS expc<>+4(SB), Y9
	VBROADCASTSS expc<>+8(SB), Y10
	VBROADCASTSS expc<>+12(SB), Y11
	VBROADCASTSS expc<>+16(SB), Y12
	VBROADCASTSS expc<>+20(SB), Y13
	VBROADCASTSS expc<>+24(SB), Y14
	VBROADCASTSS expc<>+28(SB), Y15
	XORQ AX, AX
expLoop:
	CMPQ AX, CX
	JGE  expDone
	VMOVUPS (SI)(AX*4), Y0
	VCMPPS  $1, Y8, Y0, Y7
	VMULPS  Y9, Y0, Y1
	VROUNDPS $0, Y1, Y1
	VMULPS  Y10, Y1, Y2
	VSUBPS  Y2, Y0, Y3
	VMULPS  Y11, Y1, Y2
	VSUBPS  Y2, Y3, Y3
	VMULPS  Y3, Y3, Y4
	VMULPS  Y3, Y12, Y5
	VADDPS  Y13, Y5, Y5
	VMULPS  Y3, Y5, Y5
	VADDPS  Y14, Y5, Y5
	VMULPS  Y3, Y5, Y5
	VADDPS  Y15, Y5, Y5
	VMULPS  Y3, Y5, Y5
	VBROADCASTSS expc<>+32(SB), Y2
	VADDPS  Y2, Y5, Y5
	VMULPS  Y3, Y5, Y5
	VBROADCASTSS expc<>+36(SB), Y2
	VADDPS  Y2, Y5, Y5
	VMULPS  Y4, Y5, Y5
	VADDPS  Y3, Y5, Y5
	VBROADCASTSS expc<>+40(SB), Y2
	VADDPS  Y2, Y5, Y5
	VCVTPS2DQ Y1, Y6
	VBROADCASTSS expc<>+44(SB), Y2
	VPADDD  Y2, Y6, Y6
	VPSLLD  $23, Y6, Y6
	VMULPS  Y6, Y5, Y5
	VANDNPS Y5, Y7, Y5
	VMOVUPS Y5, (DI)(AX*4)
	ADDQ    $8, AX
	JMP     expLoop
expDone:
	VZEROUPPER
	MOVQ CX, ret+48(FP)
	RET

// The constants of Exp64 (vec.go), each four times: the smallest
// argument, log₂e, ln2 high and low, the Taylor coefficients 1/13! … 1/2!,
// 1, and the exponent bias 1023 (an int64).
DATA exp64c<>+0(SB)/8, $0xc086200000000000
DATA exp64c<>+8(SB)/8, $0xc086200000000000
DATA exp64c<>+16(SB)/8, $0xc086200000000000
DATA exp64c<>+24(SB)/8, $0xc086200000000000
DATA exp64c<>+32(SB)/8, $0x3ff71547652b82fe
DATA exp64c<>+40(SB)/8, $0x3ff71547652b82fe
DATA exp64c<>+48(SB)/8, $0x3ff71547652b82fe
DATA exp64c<>+56(SB)/8, $0x3ff71547652b82fe
DATA exp64c<>+64(SB)/8, $0x3fe62e42fee00000
DATA exp64c<>+72(SB)/8, $0x3fe62e42fee00000
DATA exp64c<>+80(SB)/8, $0x3fe62e42fee00000
DATA exp64c<>+88(SB)/8, $0x3fe62e42fee00000
DATA exp64c<>+96(SB)/8, $0x3dea39ef35793c76
DATA exp64c<>+104(SB)/8, $0x3dea39ef35793c76
DATA exp64c<>+112(SB)/8, $0x3dea39ef35793c76
DATA exp64c<>+120(SB)/8, $0x3dea39ef35793c76
DATA exp64c<>+128(SB)/8, $0x3de6124613a86d09
DATA exp64c<>+136(SB)/8, $0x3de6124613a86d09
DATA exp64c<>+144(SB)/8, $0x3de6124613a86d09
DATA exp64c<>+152(SB)/8, $0x3de6124613a86d09
DATA exp64c<>+160(SB)/8, $0x3e21eed8eff8d898
DATA exp64c<>+168(SB)/8, $0x3e21eed8eff8d898
DATA exp64c<>+176(SB)/8, $0x3e21eed8eff8d898
DATA exp64c<>+184(SB)/8, $0x3e21eed8eff8d898
DATA exp64c<>+192(SB)/8, $0x3e5ae64567f544e4
DATA exp64c<>+200(SB)/8, $0x3e5ae64567f544e4
DATA exp64c<>+208(SB)/8, $0x3e5ae64567f544e4
DATA exp64c<>+216(SB)/8, $0x3e5ae64567f544e4
DATA exp64c<>+224(SB)/8, $0x3e927e4fb7789f5c
DATA exp64c<>+232(SB)/8, $0x3e927e4fb7789f5c
DATA exp64c<>+240(SB)/8, $0x3e927e4fb7789f5c
DATA exp64c<>+248(SB)/8, $0x3e927e4fb7789f5c
DATA exp64c<>+256(SB)/8, $0x3ec71de3a556c734
DATA exp64c<>+264(SB)/8, $0x3ec71de3a556c734
DATA exp64c<>+272(SB)/8, $0x3ec71de3a556c734
DATA exp64c<>+280(SB)/8, $0x3ec71de3a556c734
DATA exp64c<>+288(SB)/8, $0x3efa01a01a01a01a
DATA exp64c<>+296(SB)/8, $0x3efa01a01a01a01a
DATA exp64c<>+304(SB)/8, $0x3efa01a01a01a01a
DATA exp64c<>+312(SB)/8, $0x3efa01a01a01a01a
DATA exp64c<>+320(SB)/8, $0x3f2a01a01a01a01a
DATA exp64c<>+328(SB)/8, $0x3f2a01a01a01a01a
DATA exp64c<>+336(SB)/8, $0x3f2a01a01a01a01a
DATA exp64c<>+344(SB)/8, $0x3f2a01a01a01a01a
DATA exp64c<>+352(SB)/8, $0x3f56c16c16c16c17
DATA exp64c<>+360(SB)/8, $0x3f56c16c16c16c17
DATA exp64c<>+368(SB)/8, $0x3f56c16c16c16c17
DATA exp64c<>+376(SB)/8, $0x3f56c16c16c16c17
DATA exp64c<>+384(SB)/8, $0x3f81111111111111
DATA exp64c<>+392(SB)/8, $0x3f81111111111111
DATA exp64c<>+400(SB)/8, $0x3f81111111111111
DATA exp64c<>+408(SB)/8, $0x3f81111111111111
DATA exp64c<>+416(SB)/8, $0x3fa5555555555555
DATA exp64c<>+424(SB)/8, $0x3fa5555555555555
DATA exp64c<>+432(SB)/8, $0x3fa5555555555555
DATA exp64c<>+440(SB)/8, $0x3fa5555555555555
DATA exp64c<>+448(SB)/8, $0x3fc5555555555555
DATA exp64c<>+456(SB)/8, $0x3fc5555555555555
DATA exp64c<>+464(SB)/8, $0x3fc5555555555555
DATA exp64c<>+472(SB)/8, $0x3fc5555555555555
DATA exp64c<>+480(SB)/8, $0x3fe0000000000000
DATA exp64c<>+488(SB)/8, $0x3fe0000000000000
DATA exp64c<>+496(SB)/8, $0x3fe0000000000000
DATA exp64c<>+504(SB)/8, $0x3fe0000000000000
DATA exp64c<>+512(SB)/8, $0x3ff0000000000000
DATA exp64c<>+520(SB)/8, $0x3ff0000000000000
DATA exp64c<>+528(SB)/8, $0x3ff0000000000000
DATA exp64c<>+536(SB)/8, $0x3ff0000000000000
DATA exp64c<>+544(SB)/8, $0x00000000000003ff
DATA exp64c<>+552(SB)/8, $0x00000000000003ff
DATA exp64c<>+560(SB)/8, $0x00000000000003ff
DATA exp64c<>+568(SB)/8, $0x00000000000003ff
GLOBL exp64c<>(SB), RODATA|NOPTR, $576

// func exp64AVX2(dst, x []float64) int
//
// exp64 on 4 lanes: n = round(x·log₂e), r = (x − n·hi) − n·lo, the Taylor
// polynomial by Horner, times 2^n from (n + 1023) << 52; 0 where x is
// below the smallest argument (an ordered compare: NaN goes through).
TEXT ·exp64AVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	ANDQ $~3, CX
	VMOVUPD exp64c<>+0(SB), Y8
	VMOVUPD exp64c<>+32(SB), Y9
	VMOVUPD exp64c<>+64(SB), Y10
	VMOVUPD exp64c<>+96(SB), Y11
	VMOVUPD exp64c<>+512(SB), Y12
	VMOVUPD exp64c<>+544(SB), Y13
	XORQ AX, AX
exp64Loop:
	CMPQ AX, CX
	JGE  exp64Done
	VMOVUPD (SI)(AX*8), Y0
	VCMPPD  $1, Y8, Y0, Y7
	VMULPD  Y9, Y0, Y1
	VROUNDPD $0, Y1, Y1
	VMULPD  Y10, Y1, Y2
	VSUBPD  Y2, Y0, Y3
	VMULPD  Y11, Y1, Y2
	VSUBPD  Y2, Y3, Y3
	VMOVUPD exp64c<>+128(SB), Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  exp64c<>+160(SB), Y5, Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  exp64c<>+192(SB), Y5, Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  exp64c<>+224(SB), Y5, Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  exp64c<>+256(SB), Y5, Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  exp64c<>+288(SB), Y5, Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  exp64c<>+320(SB), Y5, Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  exp64c<>+352(SB), Y5, Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  exp64c<>+384(SB), Y5, Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  exp64c<>+416(SB), Y5, Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  exp64c<>+448(SB), Y5, Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  exp64c<>+480(SB), Y5, Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  Y12, Y5, Y5
	VMULPD  Y3, Y5, Y5
	VADDPD  Y12, Y5, Y5
	VCVTPD2DQY Y1, X6
	VPMOVSXDQ X6, Y6
	VPADDQ  Y13, Y6, Y6
	VPSLLQ  $52, Y6, Y6
	VMULPD  Y6, Y5, Y5
	VANDNPD Y5, Y7, Y5
	VMOVUPD Y5, (DI)(AX*8)
	ADDQ    $4, AX
	JMP     exp64Loop
exp64Done:
	VZEROUPPER
	MOVQ CX, ret+48(FP)
	RET

// func max64AVX2(dst, x []float64) int
// dst = max(x, dst): x where x > dst, else dst (VMAXPD returns its second
// source when the comparison fails: a NaN in either keeps dst).
TEXT ·max64AVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	ANDQ $~7, CX
	XORQ AX, AX
max64Loop:
	CMPQ AX, CX
	JGE  max64Done
	VMOVUPD (SI)(AX*8), Y0
	VMOVUPD 32(SI)(AX*8), Y1
	VMAXPD (DI)(AX*8), Y0, Y0
	VMAXPD 32(DI)(AX*8), Y1, Y1
	VMOVUPD Y0, (DI)(AX*8)
	VMOVUPD Y1, 32(DI)(AX*8)
	ADDQ $8, AX
	JMP  max64Loop
max64Done:
	VZEROUPPER
	MOVQ CX, ret+48(FP)
	RET

// func max64From32AVX2(dst []float64, x []float32) int
TEXT ·max64From32AVX2(SB), NOSPLIT, $0-56
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	ANDQ $~7, CX
	XORQ AX, AX
max64From32Loop:
	CMPQ AX, CX
	JGE  max64From32Done
	VCVTPS2PD (SI)(AX*4), Y0
	VCVTPS2PD 16(SI)(AX*4), Y1
	VMAXPD (DI)(AX*8), Y0, Y0
	VMAXPD 32(DI)(AX*8), Y1, Y1
	VMOVUPD Y0, (DI)(AX*8)
	VMOVUPD Y1, 32(DI)(AX*8)
	ADDQ $8, AX
	JMP  max64From32Loop
max64From32Done:
	VZEROUPPER
	MOVQ CX, ret+48(FP)
	RET

// func shiftScale32AVX2(dst []float32, x, shift []float64, k float64) int
// dst = float32((x − shift)·k)
TEXT ·shiftScale32AVX2(SB), NOSPLIT, $0-88
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	MOVQ shift_base+48(FP), DX
	VBROADCASTSD k+72(FP), Y2
	ANDQ $~7, CX
	XORQ AX, AX
shiftScale32Loop:
	CMPQ AX, CX
	JGE  shiftScale32Done
	VMOVUPD (SI)(AX*8), Y0
	VMOVUPD 32(SI)(AX*8), Y1
	VSUBPD (DX)(AX*8), Y0, Y0
	VSUBPD 32(DX)(AX*8), Y1, Y1
	VMULPD Y2, Y0, Y0
	VMULPD Y2, Y1, Y1
	VCVTPD2PSY Y0, X0
	VCVTPD2PSY Y1, X1
	VMOVUPS X0, (DI)(AX*4)
	VMOVUPS X1, 16(DI)(AX*4)
	ADDQ $8, AX
	JMP  shiftScale32Loop
shiftScale32Done:
	VZEROUPPER
	MOVQ CX, ret+80(FP)
	RET

// func shiftScale32From32AVX2(dst []float32, x []float32, shift []float64, k float64) int
TEXT ·shiftScale32From32AVX2(SB), NOSPLIT, $0-88
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	MOVQ shift_base+48(FP), DX
	VBROADCASTSD k+72(FP), Y2
	ANDQ $~7, CX
	XORQ AX, AX
shiftScale32From32Loop:
	CMPQ AX, CX
	JGE  shiftScale32From32Done
	VCVTPS2PD (SI)(AX*4), Y0
	VCVTPS2PD 16(SI)(AX*4), Y1
	VSUBPD (DX)(AX*8), Y0, Y0
	VSUBPD 32(DX)(AX*8), Y1, Y1
	VMULPD Y2, Y0, Y0
	VMULPD Y2, Y1, Y1
	VCVTPD2PSY Y0, X0
	VCVTPD2PSY Y1, X1
	VMOVUPS X0, (DI)(AX*4)
	VMOVUPS X1, 16(DI)(AX*4)
	ADDQ $8, AX
	JMP  shiftScale32From32Loop
shiftScale32From32Done:
	VZEROUPPER
	MOVQ CX, ret+80(FP)
	RET

// func shiftScale64AVX2(dst, x, shift []float64, k float64) int
// dst = (x − shift)·k
TEXT ·shiftScale64AVX2(SB), NOSPLIT, $0-88
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), CX
	MOVQ x_base+24(FP), SI
	MOVQ shift_base+48(FP), DX
	VBROADCASTSD k+72(FP), Y2
	ANDQ $~7, CX
	XORQ AX, AX
shiftScale64Loop:
	CMPQ AX, CX
	JGE  shiftScale64Done
	VMOVUPD (SI)(AX*8), Y0
	VMOVUPD 32(SI)(AX*8), Y1
	VSUBPD (DX)(AX*8), Y0, Y0
	VSUBPD 32(DX)(AX*8), Y1, Y1
	VMULPD Y2, Y0, Y0
	VMULPD Y2, Y1, Y1
	VMOVUPD Y0, (DI)(AX*8)
	VMOVUPD Y1, 32(DI)(AX*8)
	ADDQ $8, AX
	JMP  shiftScale64Loop
shiftScale64Done:
	VZEROUPPER
	MOVQ CX, ret+80(FP)
	RET
