//go:build amd64 && !purego

#include "textflag.h"
#include "go_asm.h"

// The batch evaluators (batch.go; the Go loops there are the reference).
// Every loop keeps the table base (·tab) in R8, the 64-bit flush test mask
// (flushTest: the counters' flush bits and the rank key's guard bits) in R9
// and the row shift (colBits) in R10, so that a non-flush hand is: the
// flush test, one SHRX, the row offset added, the value loaded. Needs BMI1
// (TZCNT) and BMI2 (SHRX).

// RANKLOOKUP(k, t) replaces the key word in k, whose rank key (low 32
// bits) is below 2^keyBits, with its value (rankLookup in eval.go);
// clobbers t. The 32-bit operations drop the counters.
#define RANKLOOKUP(k, t) \
	SHRXL R10, k, t \
	ADDL  tables_offs(R8)(t*4), k \
	MOVWLZX tables_rank(R8)(k*2), k

// FLUSHLOOKUP replaces the key word in AX, which shows a flush, with the
// value of the flush among the suit lanes in su (Hand.flush in eval.go);
// clobbers su. Bit 8s+6 of the counters is set for the flush suit s, whose
// lane starts at bit 16s = 2·(8s+6) - 12 (for a key word with guard bits
// and no flush, 52: some rank mask).
#define FLUSHLOOKUP(su) \
	SHRQ $const_suitShift, AX \
	ANDL $(const_flushBits>>const_suitShift), AX \
	TZCNTL AX, AX \
	LEAL -12(AX)(AX*1), AX \
	SHRXQ AX, su, su \
	ANDL $0x1fff, su \
	MOVWLZX tables_flush(R8)(su*2), AX

#define SETUP \
	MOVQ ·tabp(SB), R8 \
	MOVQ $const_flushTest, R9 \
	MOVQ $const_colBits, R10

// CARD adds cardKey of card i of the hand at SI to AX; clobbers BX.
#define CARD(i) \
	MOVBQZX i(SI), BX \
	ADDQ    tables_cardKey(R8)(BX*8), AX

// CARDSUITSAT adds cardSuits of card i of the hand at SI to DX; clobbers BX.
#define CARDSUITSAT(i) \
	MOVBQZX i(SI), BX \
	ADDQ    tables_cardSuits(R8)(BX*8), DX

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
	RANKLOOKUP(AX, BX) \
	MOVW AX, (DI)(R11*2) \
	INCQ R11 \
even: \
	CMPQ R11, R12 \
	JAE  done \
loop: \
	MOVQ 0(SP)(R11*8), AX \
	ADDQ DX, AX \
	RANKLOOKUP(AX, BX) \
	MOVW AX, (DI)(R11*2) \
	MOVQ 8(SP)(R11*8), AX \
	ADDQ DX, AX \
	RANKLOOKUP(AX, BX) \
	MOVW AX, 2(DI)(R11*2) \
	ADDQ $2, R11 \
	CMPQ R11, R12 \
	JB   loop \
done: \
	LEAQ (DI)(R12*2), DI

// The loops over sets and card arrays branch on the flush test, as the
// loop over hands does, with the flush case out of line. They used to
// defer the flushes instead (every key looked up as a rank key, the places
// of the flushes listed and overwritten after each chunk, no branch on the
// cards); with the one-shift lookup the list's four instructions a hand
// and the masked copy of the key cost more than the misprediction at each
// flush (3 % of random 7-card hands): EvalSets 1.83 ns a set against 1.97,
// EvalCards7 1.73 against 1.77.

// HAND evaluates hand j+i of hs into dst (SI = hs, DI = dst, CX = 2·j);
// the flush case is out of line at flush, which comes back to next.
#define HAND(i, flush, next) \
	MOVQ  (Hand_key+16*(i))(SI)(CX*8), AX \
	TESTQ R9, AX \
	JNZ   flush \
	RANKLOOKUP(AX, BX) \
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
// from the register: 2.04 and 2.13 ns a set against 2.02). A set of more
// than seven cards may have guard bits in its key word and goes to the
// flush case too (any mask indexes inside the flush table).
TEXT ·evalSetsAsm(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ ss+8(FP), SI
	MOVQ n+16(FP), R12
	SHLQ $3, R12
	ADDQ SI, R12
	SETUP

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
	TESTQ   R9, AX
	JNZ     sflush
	RANKLOOKUP(AX, BX)
	MOVW    AX, (DI)

snext:
	ADDQ $8, SI
	ADDQ $2, DI
	CMPQ SI, R12
	JB   sloop
	RET

	// A flush (or a set of more than seven cards): the flush suit's 13-bit
	// rank mask comes from the set itself (cards.Set.SuitMask: every fourth
	// bit, gathered); the suit is the counter byte that shows the flush.
sflush:
	MOVQ    (SI), CX
	SHRQ    $const_suitShift, AX
	ANDL    $(const_flushBits>>const_suitShift), AX
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
	MOVW    AX, (DI)
	JMP     snext

// func evalCards7Asm(dst *Value, cs *[7]cards.Card, n int)
//
// Cards 0-1, 2-3 and 4-5 of a hand are each read with one 16-bit load and
// their keys summed with one lookup in pairKey (base in CX), card 6 alone
// in cardKey: four key loads a hand where one a card made the loop bound
// by loads. A flush's suit words are summed card by card (cflush).
TEXT ·evalCards7Asm(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ cs+8(FP), SI
	MOVQ n+16(FP), R12
	IMULQ $7, R12
	ADDQ SI, R12
	SETUP
	LEAQ ·pairKey(SB), CX

cloop:
	MOVWLZX 0(SI), BX
	MOVQ    (CX)(BX*8), AX
	MOVWLZX 2(SI), BX
	ADDQ    (CX)(BX*8), AX
	MOVWLZX 4(SI), BX
	ADDQ    (CX)(BX*8), AX
	CARD(6)
	TESTQ   R9, AX
	JNZ     cflush
	RANKLOOKUP(AX, BX)
	MOVW    AX, (DI)

cnext:
	ADDQ    $7, SI
	ADDQ    $2, DI
	CMPQ    SI, R12
	JB      cloop
	RET

	// A flush: the suit lanes are summed only here.
cflush:
	MOVBQZX 0(SI), BX
	MOVQ    tables_cardSuits(R8)(BX*8), DX
	CARDSUITSAT(1)
	CARDSUITSAT(2)
	CARDSUITSAT(3)
	CARDSUITSAT(4)
	CARDSUITSAT(5)
	CARDSUITSAT(6)
	FLUSHLOOKUP(DX)
	MOVW    AX, (DI)
	JMP     cnext


// func evalPairsAsm(dst *Value, h Hand, cs *cards.Card, n int)
//
// The keys and suit words of the cards of cs are copied first to the frame
// (keys at 0(SP), suit words at 416(SP): 52 each at most), so that the
// inner loop reads a card's key with one load. SI is the index of the
// first card of the pair, R11 of the second, R12 = n; DX is the key of h
// with the first card added. When no suit of that hand holds four cards,
// no second card can make a flush, and the inner loop runs without the
// flush test (pfast); otherwise with it (pslow), out of line.
//
// The inner loop without the test also skips the guard bits, so it runs
// only when every hand it makes has a rank key below 2^keyBits: h's rank
// key plus two cards' (topRankKey at most each) must stay below it. That
// holds for any h of at most five cards (7·topRankKey < 2^keyBits); for
// any other key word (not a valid h) R14, the bias of the four-card test,
// is set to its top bits, which sends every hand through the test.
TEXT ·evalPairsAsm(SB), 0, $832-40
	MOVQ dst+0(FP), DI
	MOVQ cs+24(FP), SI
	MOVQ n+32(FP), R12
	SETUP
	MOVL $0x4C4C4C4C, R14
	MOVL $0x80808080, BX
	MOVQ h_key+8(FP), AX
	CMPL AX, $((1<<const_keyBits)-2*const_topRankKey)
	CMOVLCC BX, R14
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
	MOVQ  DX, BX
	SHRQ  $const_suitShift, BX
	ADDL  R14, BX
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
	TESTQ R9, AX
	JNZ   pflush
	RANKLOOKUP(AX, BX)
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
// with the first card added, DX with the second too. The guard as in
// evalPairsAsm, for three cards added to h (valid for h of at most four).
TEXT ·evalTriplesAsm(SB), 0, $832-40
	MOVQ dst+0(FP), DI
	MOVQ cs+24(FP), SI
	MOVQ n+32(FP), R12
	SETUP
	MOVL $0x4C4C4C4C, R14
	MOVL $0x80808080, BX
	MOVQ h_key+8(FP), AX
	CMPL AX, $((1<<const_keyBits)-3*const_topRankKey)
	CMOVLCC BX, R14
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
	MOVQ  DX, BX
	SHRQ  $const_suitShift, BX
	ADDL  R14, BX
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
	TESTQ R9, AX
	JNZ   tflush
	RANKLOOKUP(AX, BX)
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
