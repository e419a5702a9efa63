//go:build amd64 && !purego

#include "textflag.h"
#include "go_asm.h"

// The batch evaluators (batch.go; the Go loops there are the reference).
// Every loop keeps the table base (·tab) in R8 and the two shift counts of
// the rank lookup in R9 (hashShift: row and column bits) and R10 (the row
// bits alone), so that a non-flush hand is: the flush test, two SHRX, the
// row offset added, the value loaded. Needs BMI1 (TZCNT) and BMI2 (SHRX).

// RANKLOOKUP replaces the rank key k in AX with its value (rankLookup in
// eval.go); clobbers BX.
#define RANKLOOKUP \
	SHRXQ R10, AX, BX \
	SHRXQ R9, AX, AX \
	ADDL  tables_offs(R8)(BX*4), AX \
	MOVWLZX tables_rank(R8)(AX*2), AX

// FLUSHLOOKUP replaces the key word in AX, which shows a flush, with the
// value of the flush among the suit lanes in su (Hand.flush in eval.go);
// clobbers su. Bit 8s+6 of the key is set for the flush suit s, whose lane
// starts at bit 16s = 2·(8s+6) - 12.
#define FLUSHLOOKUP(su) \
	ANDL $const_flushBits, AX \
	TZCNTL AX, AX \
	LEAL -12(AX)(AX*1), AX \
	SHRXQ AX, su, su \
	ANDL $0x1fff, su \
	MOVWLZX tables_flush(R8)(su*2), AX

#define SETUP \
	MOVQ ·tabp(SB), R8 \
	MOVQ $const_hashShift, R9 \
	MOVQ $(64-const_rowBits), R10

// The loops over sets and card arrays defer the flushes: a flush test
// branch in the loop is mispredicted at every flush (3 % of random 7-card
// hands) and throws away the lookups in flight, which cost a fifth of the
// time. So every hand's key is looked up as a rank key (any key indexes
// inside the table) and stored, the place in dst is appended to a list
// kept in the frame, and the list's length grows by one exactly when the
// key shows a flush (ANDL, NEGL sets the carry when the result is not
// zero, ADCQ); after each chunk of CHUNK hands the listed places are
// overwritten with their flush values. The list lives at 0(SP): CHUNK
// entries of 8 bytes.
#define CHUNK 128

// DEFER appends DI to the list (length in R11) when the key in k shows a
// flush; clobbers k.
#define DEFER(k) \
	MOVQ DI, 0(SP)(R11*8) \
	ANDL $const_flushBits, k \
	NEGL k \
	ADCQ $0, R11

// NEXTCHUNK sets R13 to the end of the next chunk of the input (SI its
// start, R12 its end, stride the input's element size).
#define NEXTCHUNK(stride) \
	LEAQ (CHUNK*stride)(SI), R13 \
	CMPQ R13, R12 \
	CMOVQHI R12, R13

// HAND evaluates hand j+i of hs into dst (SI = hs, DI = dst, CX = 2·j);
// the flush case is out of line at flush, which comes back to next.
#define HAND(i, flush, next) \
	MOVQ  (Hand_key+16*(i))(SI)(CX*8), AX \
	TESTQ $const_flushBits, AX \
	JNZ   flush \
	RANKLOOKUP \
	MOVW  AX, (2*(i))(DI)(CX*1) \
next:

#define HANDFLUSH(i, flush, next) \
flush: \
	MOVQ (Hand_suits+16*(i))(SI)(CX*8), DX \
	FLUSHLOOKUP(DX) \
	MOVW AX, (2*(i))(DI)(CX*1) \
	JMP  next

// func evalHandsAsm(dst *Value, hs *Hand, n int)
//
// Eight hands an iteration (one index register for both arrays: CX is the
// byte offset in dst, 8·CX in hs), then the rest one by one: 0.82 ns a
// hand in the OMPEval comparison's batch row against 0.88 with four. R12 = 2·n,
// R11 = the end of the eight-hand iterations.
TEXT ·evalHandsAsm(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ hs+8(FP), SI
	MOVQ n+16(FP), R12
	SETUP
	XORL CX, CX
	ADDQ R12, R12
	MOVQ R12, R11
	ANDQ $~15, R11
	JZ   htail

hloop4:
	HAND(0, hf0, hn0)
	HAND(1, hf1, hn1)
	HAND(2, hf2, hn2)
	HAND(3, hf3, hn3)
	HAND(4, hf4, hn4)
	HAND(5, hf5, hn5)
	HAND(6, hf6, hn6)
	HAND(7, hf7, hn7)
	ADDQ $16, CX
	CMPQ CX, R11
	JB   hloop4

htail:
	CMPQ CX, R12
	JAE  hdone

hloop1:
	HAND(0, hft, hnt)
	ADDQ $2, CX
	CMPQ CX, R12
	JB   hloop1

hdone:
	RET

	HANDFLUSH(0, hf0, hn0)
	HANDFLUSH(1, hf1, hn1)
	HANDFLUSH(2, hf2, hn2)
	HANDFLUSH(3, hf3, hn3)
	HANDFLUSH(4, hf4, hn4)
	HANDFLUSH(5, hf5, hn5)
	HANDFLUSH(6, hf6, hn6)
	HANDFLUSH(7, hf7, hn7)
	HANDFLUSH(0, hft, hnt)

// func evalSetsAsm(dst *Value, ss *cards.Set, n int)
//
// The key word of a set is seven lookups in setKey, one a byte: bytes 0-2
// are read from memory one by one (a load each), bytes 3-6 with one load
// and taken from the register (a move and a shift each), which balances
// the loop between the load ports and the others (all from memory or all
// from the register: 2.04 and 2.13 ns a set against 2.02).
TEXT ·evalSetsAsm(SB), 0, $1024-24
	MOVQ dst+0(FP), DI
	MOVQ ss+8(FP), SI
	MOVQ n+16(FP), R12
	SHLQ $3, R12
	ADDQ SI, R12
	SETUP

schunk:
	NEXTCHUNK(8)
	XORL R11, R11

sloop:
	MOVBQZX 0(SI), BX
	MOVQ    tables_setKey(R8)(BX*8), AX
	MOVL    3(SI), CX
	MOVBQZX 1(SI), BX
	ADDQ    (tables_setKey+1*256*8)(R8)(BX*8), AX
	MOVBQZX 2(SI), BX
	ADDQ    (tables_setKey+2*256*8)(R8)(BX*8), AX
	MOVBQZX CX, BX
	SHRL    $8, CX
	ADDQ    (tables_setKey+3*256*8)(R8)(BX*8), AX
	MOVBQZX CX, BX
	SHRL    $8, CX
	ADDQ    (tables_setKey+4*256*8)(R8)(BX*8), AX
	MOVBQZX CX, BX
	SHRL    $8, CX
	ADDQ    (tables_setKey+5*256*8)(R8)(BX*8), AX
	ADDQ    (tables_setKey+6*256*8)(R8)(CX*8), AX
	MOVQ    AX, DX
	RANKLOOKUP
	MOVW    AX, (DI)
	DEFER(DX)
	ADDQ    $8, SI
	ADDQ    $2, DI
	CMPQ    SI, R13
	JB      sloop

	// The flushes of the chunk: set i of ss is at ss + 8i, its value at
	// dst + 2i. The flush suit's 13-bit rank mask comes from the set itself
	// (cards.Set.SuitMask: every fourth bit, gathered); the suit is the
	// counter byte of the key that shows the flush.
	TESTQ R11, R11
	JZ    sdone

sflush:
	DECQ    R11
	MOVQ    0(SP)(R11*8), R13
	SUBQ    dst+0(FP), R13
	MOVQ    ss+8(FP), CX
	MOVQ    (CX)(R13*4), CX
	MOVBQZX CX, BX
	MOVQ    tables_setKey(R8)(BX*8), AX
	MOVQ    CX, DX
	SHRQ    $8, DX
	MOVBQZX DX, BX
	ADDQ    (tables_setKey+1*256*8)(R8)(BX*8), AX
	SHRQ    $8, DX
	MOVBQZX DX, BX
	ADDQ    (tables_setKey+2*256*8)(R8)(BX*8), AX
	SHRQ    $8, DX
	MOVBQZX DX, BX
	ADDQ    (tables_setKey+3*256*8)(R8)(BX*8), AX
	SHRQ    $8, DX
	MOVBQZX DX, BX
	ADDQ    (tables_setKey+4*256*8)(R8)(BX*8), AX
	SHRQ    $8, DX
	MOVBQZX DX, BX
	ADDQ    (tables_setKey+5*256*8)(R8)(BX*8), AX
	SHRQ    $8, DX
	ADDQ    (tables_setKey+6*256*8)(R8)(DX*8), AX
	ANDL    $const_flushBits, AX
	TZCNTL  AX, AX
	SHRL    $3, AX
	SHRXQ   AX, CX, DX
	MOVQ    $0x1111111111111, BX
	ANDQ    BX, DX
	MOVQ    DX, BX
	SHRQ    $3, BX
	ORQ     BX, DX
	MOVQ    $0x0303030303030303, BX
	ANDQ    BX, DX
	MOVQ    DX, BX
	SHRQ    $6, BX
	ORQ     BX, DX
	MOVQ    $0x000F000F000F000F, BX
	ANDQ    BX, DX
	MOVQ    DX, BX
	SHRQ    $12, BX
	ORQ     BX, DX
	MOVQ    $0x000000FF000000FF, BX
	ANDQ    BX, DX
	MOVQ    DX, BX
	SHRQ    $24, BX
	ORQ     BX, DX
	ANDL    $0x1fff, DX
	MOVWLZX tables_flush(R8)(DX*2), AX
	MOVQ    dst+0(FP), CX
	MOVW    AX, (CX)(R13*1)
	TESTQ   R11, R11
	JNZ     sflush

sdone:
	CMPQ SI, R12
	JB   schunk
	RET

// CARD adds cardKey of card i of the hand at SI to AX; clobbers BX.
#define CARD(i) \
	MOVBQZX i(SI), BX \
	ADDQ    tables_cardKey(R8)(BX*8), AX

// CARDSUITS adds cardSuits of card i of the hand at CX to DX; clobbers BX.
#define CARDSUITS(i) \
	MOVBQZX i(CX), BX \
	ADDQ    tables_cardSuits(R8)(BX*8), DX

// CARDKEYAT adds cardKey of card i of the hand at CX to AX; clobbers BX.
#define CARDKEYAT(i) \
	MOVBQZX i(CX), BX \
	ADDQ    tables_cardKey(R8)(BX*8), AX

// func evalCards7Asm(dst *Value, cs *[7]cards.Card, n int)
//
// Cards 0-1, 2-3 and 4-5 of a hand are each read with one 16-bit load and
// their keys summed with one lookup in pairKey (base in CX), card 6 alone
// in cardKey: four key loads a hand where one a card made the loop bound
// by loads. The flushes' suit words are summed card by card (cflush).
TEXT ·evalCards7Asm(SB), 0, $1024-24
	MOVQ dst+0(FP), DI
	MOVQ cs+8(FP), SI
	MOVQ n+16(FP), R12
	IMULQ $7, R12
	ADDQ SI, R12
	SETUP

cchunk:
	NEXTCHUNK(7)
	XORL R11, R11
	LEAQ ·pairKey(SB), CX

cloop:
	MOVWLZX 0(SI), BX
	MOVQ    (CX)(BX*8), AX
	MOVWLZX 2(SI), BX
	ADDQ    (CX)(BX*8), AX
	MOVWLZX 4(SI), BX
	ADDQ    (CX)(BX*8), AX
	CARD(6)
	MOVQ    AX, DX
	RANKLOOKUP
	MOVW    AX, (DI)
	DEFER(DX)
	ADDQ    $7, SI
	ADDQ    $2, DI
	CMPQ    SI, R13
	JB      cloop

	// The flushes of the chunk: hand i of cs is at cs + 7i, its value at
	// dst + 2i; the suit lanes are summed only here.
	TESTQ R11, R11
	JZ    cdone

cflush:
	DECQ    R11
	MOVQ    0(SP)(R11*8), R13
	SUBQ    dst+0(FP), R13
	// The hand is at cs + 7i for R13 = 2i.
	MOVQ    R13, BX
	SHRQ    $1, BX
	LEAQ    0(BX*8), CX
	SUBQ    BX, CX
	ADDQ    cs+8(FP), CX
	MOVBQZX 0(CX), BX
	MOVQ    tables_cardKey(R8)(BX*8), AX
	CARDKEYAT(1)
	CARDKEYAT(2)
	CARDKEYAT(3)
	CARDKEYAT(4)
	CARDKEYAT(5)
	CARDKEYAT(6)
	MOVBQZX 0(CX), BX
	MOVQ    tables_cardSuits(R8)(BX*8), DX
	CARDSUITS(1)
	CARDSUITS(2)
	CARDSUITS(3)
	CARDSUITS(4)
	CARDSUITS(5)
	CARDSUITS(6)
	FLUSHLOOKUP(DX)
	MOVQ    dst+0(FP), CX
	MOVW    AX, (CX)(R13*1)
	TESTQ   R11, R11
	JNZ     cflush

cdone:
	CMPQ SI, R12
	JB   cchunk
	RET

// FASTRUN evaluates the hands DX + key[j] for j = R11..R12-1 (keys at
// 0(SP)) into the places from DI on, with no flush test (the caller knows
// none can be a flush), two hands an iteration with one index register:
// DI is first rebased so that place j is DI + 2j, and left at the place
// after the run; R11 ends at R12. Clobbers AX and BX. p names the labels.
#define FASTRUN(even, loop, done) \
	MOVQ R11, BX \
	ADDQ BX, BX \
	SUBQ BX, DI \
	MOVQ R12, BX \
	SUBQ R11, BX \
	TESTQ $1, BX \
	JZ   even \
	MOVQ 0(SP)(R11*8), AX \
	ADDQ DX, AX \
	RANKLOOKUP \
	MOVW AX, (DI)(R11*2) \
	INCQ R11 \
even: \
	CMPQ R11, R12 \
	JAE  done \
loop: \
	MOVQ 0(SP)(R11*8), AX \
	ADDQ DX, AX \
	RANKLOOKUP \
	MOVW AX, (DI)(R11*2) \
	MOVQ 8(SP)(R11*8), AX \
	ADDQ DX, AX \
	RANKLOOKUP \
	MOVW AX, 2(DI)(R11*2) \
	ADDQ $2, R11 \
	CMPQ R11, R12 \
	JB   loop \
done: \
	LEAQ (DI)(R12*2), DI

// func evalPairsAsm(dst *Value, h Hand, cs *cards.Card, n int)
//
// The keys and suit words of the cards of cs are copied first to the frame
// (keys at 0(SP), suit words at 416(SP): 52 each at most), so that the
// inner loop reads a card's key with one load. SI is the index of the
// first card of the pair, R11 of the second, R12 = n; DX is the key of h
// with the first card added. When no suit of that hand holds four cards,
// no second card can make a flush, and the inner loop runs without the
// flush test (pfast); otherwise with it (pslow), out of line.
TEXT ·evalPairsAsm(SB), 0, $832-40
	MOVQ dst+0(FP), DI
	MOVQ cs+24(FP), SI
	MOVQ n+32(FP), R12
	SETUP
	XORL CX, CX

pcopy:
	MOVBQZX (SI)(CX*1), BX
	MOVQ    tables_cardKey(R8)(BX*8), AX
	MOVQ    AX, 0(SP)(CX*8)
	MOVQ    tables_cardSuits(R8)(BX*8), AX
	MOVQ    AX, 416(SP)(CX*8)
	INCQ    CX
	CMPQ    CX, R12
	JB      pcopy

	MOVQ h_key+8(FP), R13
	XORL SI, SI

pouter:
	LEAQ 1(SI), R11
	CMPQ R11, R12
	JAE  pdone
	MOVQ 0(SP)(SI*8), DX
	ADDQ R13, DX
	// A suit counter holds 13·count: adding 128-4·13 sets its top bit
	// exactly when the count is 4 or more (SuitsWithAtLeast).
	MOVL  DX, BX
	ADDL  $0x4C4C4C4C, BX
	TESTL $0x80808080, BX
	JNZ   pslow

	FASTRUN(pfeven, pfloop, pfdone)
	INCQ SI
	JMP  pouter

pdone:
	RET

pslow:
	MOVQ  0(SP)(R11*8), AX
	ADDQ  DX, AX
	TESTQ $const_flushBits, AX
	JNZ   pflush
	RANKLOOKUP
	MOVW  AX, (DI)

pnext:
	ADDQ $2, DI
	INCQ R11
	CMPQ R11, R12
	JB   pslow
	INCQ SI
	JMP  pouter

pflush:
	MOVQ h_suits+16(FP), CX
	ADDQ 416(SP)(SI*8), CX
	ADDQ 416(SP)(R11*8), CX
	FLUSHLOOKUP(CX)
	MOVW AX, (DI)
	JMP  pnext

// func evalTriplesAsm(dst *Value, h Hand, cs *cards.Card, n int)
//
// evalPairsAsm with one more level: CX is the index of the first card of
// the triple, SI of the second, R11 of the third; R13 is the key of h
// with the first card added, DX with the second too.
TEXT ·evalTriplesAsm(SB), 0, $832-40
	MOVQ dst+0(FP), DI
	MOVQ cs+24(FP), SI
	MOVQ n+32(FP), R12
	SETUP
	XORL CX, CX

tcopy:
	MOVBQZX (SI)(CX*1), BX
	MOVQ    tables_cardKey(R8)(BX*8), AX
	MOVQ    AX, 0(SP)(CX*8)
	MOVQ    tables_cardSuits(R8)(BX*8), AX
	MOVQ    AX, 416(SP)(CX*8)
	INCQ    CX
	CMPQ    CX, R12
	JB      tcopy

	XORL CX, CX

tfirst:
	LEAQ 2(CX), AX
	CMPQ AX, R12
	JAE  tdone
	MOVQ h_key+8(FP), R13
	ADDQ 0(SP)(CX*8), R13
	LEAQ 1(CX), SI

touter:
	LEAQ 1(SI), R11
	CMPQ R11, R12
	JAE  tnextfirst
	MOVQ 0(SP)(SI*8), DX
	ADDQ R13, DX
	MOVL  DX, BX
	ADDL  $0x4C4C4C4C, BX
	TESTL $0x80808080, BX
	JNZ   tslow

	FASTRUN(tfeven, tfloop, tfdone)
	INCQ SI
	JMP  touter

tnextfirst:
	INCQ CX
	JMP  tfirst

tdone:
	RET

tslow:
	MOVQ  0(SP)(R11*8), AX
	ADDQ  DX, AX
	TESTQ $const_flushBits, AX
	JNZ   tflush
	RANKLOOKUP
	MOVW  AX, (DI)

tnext:
	ADDQ $2, DI
	INCQ R11
	CMPQ R11, R12
	JB   tslow
	INCQ SI
	JMP  touter

tflush:
	MOVQ h_suits+16(FP), BX
	ADDQ 416(SP)(CX*8), BX
	ADDQ 416(SP)(SI*8), BX
	ADDQ 416(SP)(R11*8), BX
	FLUSHLOOKUP(BX)
	MOVW AX, (DI)
	JMP  tnext
