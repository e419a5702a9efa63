//go:build amd64 && !purego

#include "textflag.h"
#include "go_asm.h"

// The batch evaluators (batch.go; the Go loops there are the reference).
// Every loop keeps the table base (·tab) in R8, the 64-bit flush test mask
// (flushTest: the counters' flush bits and the rank key's guard bits) in R9
// and the row shift (colBits) in R10, so that a non-flush hand is: the
// flush test, one SHRX, the row offset added, the value loaded. Needs BMI1
// (TZCNT) and BMI2 (SHRX, BZHI).

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

// DEFER appends DI to the list (length in R11) when the key word in k
// shows a flush (or guard bits); clobbers k.
#define DEFER(k) \
	MOVQ DI, 0(SP)(R11*8) \
	ANDQ R9, k \
	NEGQ k \
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
// from the register: 2.04 and 2.13 ns a set against 2.02). The rank key
// is looked up with its bits from keyBits up cleared (BZHI, R14 =
// keyBits: a set of more than seven cards may reach them; it is then on
// the flush list, whose lookup overwrites the value), which also makes
// the copy DEFER needs.
TEXT ·evalSetsAsm(SB), 0, $1024-24
	MOVQ dst+0(FP), DI
	MOVQ ss+8(FP), SI
	MOVQ n+16(FP), R12
	SHLQ $3, R12
	ADDQ SI, R12
	SETUP
	MOVQ $const_keyBits, R14

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
	BZHIQ   R14, AX, DX
	RANKLOOKUP(DX, BX)
	MOVW    DX, (DI)
	DEFER(AX)
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
// by loads. The flushes' suit words are summed card by card (cflush). The
// rank key of any seven cards is below 2^keyBits (7·topRankKey is), so
// every key is looked up as it is.
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
	RANKLOOKUP(AX, BX)
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
