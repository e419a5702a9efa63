// driver.cpp: the OMPEval side of scripts/ompeval-compare (pokerlab's own
// code; it only calls OMPEval's public API). Build it against an OMPEval
// checkout (github zekyll/OMPEval) with g++ -O3 -march=native; the script
// does that. Each run prints one line per workload:
//
//   row <name> <value> <unit> <check> <cpu>
//
// value is wall-clock time per unit of work, cpu the process's CPU time per
// unit (less disturbed by other processes on a shared machine), with the
// same names, units and amounts of work as the Go side
// (internal/measure/ompcompare), so the script can pair them.
#include "omp/EquityCalculator.h"
#include "omp/HandEvaluator.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <time.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

// Timer measures wall-clock and process CPU time.
struct Timer {
    Clock::time_point w0;
    double c0;
    static double cpu() {
        timespec ts;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return ts.tv_sec + 1e-9 * ts.tv_nsec;
    }
    Timer() : w0(Clock::now()), c0(cpu()) {}
    // stop returns the wall and CPU seconds since the timer started.
    std::pair<double, double> stop() const {
        double c = cpu() - c0;
        return {std::chrono::duration<double>(Clock::now() - w0).count(), c};
    }
};

// splitmix64 (Steele, Lea and Flood 2014): the Go side uses the same
// generator and seed, so both sides evaluate the same random hands.
struct SplitMix {
    uint64_t s;
    uint64_t next() {
        uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
};

const unsigned kTable = 1 << 16;   // random hands in the table
const unsigned kPasses = 2048;     // passes over it: 2^27 evaluations

// randomHands draws kTable hands of 7 distinct cards (card = 4*rank+suit,
// the encoding both libraries use).
std::vector<std::array<uint8_t, 7>> randomHands() {
    SplitMix r{1};
    std::vector<std::array<uint8_t, 7>> out(kTable);
    for (auto& h : out) {
        uint64_t used = 0;
        for (auto& c : h) {
            unsigned x;
            do {
                x = unsigned((r.next() >> 32) * 52 >> 32);
            } while (used >> x & 1);
            used |= 1ull << x;
            c = uint8_t(x);
        }
    }
    return out;
}

omp::HandEvaluator eval;

void handEval(const std::vector<std::array<uint8_t, 7>>& table, const char* name) {
    std::vector<omp::Hand> hands(table.size());
    for (size_t i = 0; i < table.size(); ++i) {
        omp::Hand h = omp::Hand::empty();
        for (uint8_t c : table[i]) h += omp::Hand(c);
        hands[i] = h;
    }
    uint64_t sum = 0;
    Timer t;
    for (unsigned p = 0; p < kPasses; ++p)
        for (const omp::Hand& h : hands) sum += eval.evaluate(h);
    auto [w, c] = t.stop();
    const double n = double(kPasses) * kTable;
    printf("row %s %.4f ns/eval %llu %.4f\n", name, w * 1e9 / n, (unsigned long long)sum, c * 1e9 / n);
}

// cardsEval builds each hand from its seven cards and evaluates it. It also
// stands for the Go side's set-eval row (OMPEval has no bit-set input).
void cardsEval(const std::vector<std::array<uint8_t, 7>>& table, const char* name) {
    uint64_t sum = 0;
    Timer t;
    for (unsigned p = 0; p < kPasses; ++p)
        for (const auto& cs : table) {
            omp::Hand h = omp::Hand::empty();
            h += omp::Hand(cs[0]);
            h += omp::Hand(cs[1]);
            h += omp::Hand(cs[2]);
            h += omp::Hand(cs[3]);
            h += omp::Hand(cs[4]);
            h += omp::Hand(cs[5]);
            h += omp::Hand(cs[6]);
            sum += eval.evaluate(h);
        }
    auto [w, c] = t.stop();
    const double n = double(kPasses) * kTable;
    printf("row %s %.4f ns/eval %llu %.4f\n", name, w * 1e9 / n, (unsigned long long)sum, c * 1e9 / n);
}

// enum7 evaluates all 133,784,560 seven-card hands, adding one card per
// loop level (as OMPEval's own sequential benchmark does). It also stands
// for the Go side's enum7-whole row: OMPEval has no whole-problem method.
void enum7(const char* name) {
    uint64_t sum = 0, count = 0;
    Timer t;
    for (unsigned a = 0; a < 52; ++a) {
        omp::Hand ha = omp::Hand::empty() + omp::Hand(a);
        for (unsigned b = a + 1; b < 52; ++b) {
            omp::Hand hb = ha + omp::Hand(b);
            for (unsigned c = b + 1; c < 52; ++c) {
                omp::Hand hc = hb + omp::Hand(c);
                for (unsigned d = c + 1; d < 52; ++d) {
                    omp::Hand hd = hc + omp::Hand(d);
                    for (unsigned e = d + 1; e < 52; ++e) {
                        omp::Hand he = hd + omp::Hand(e);
                        for (unsigned f = e + 1; f < 52; ++f) {
                            omp::Hand hf = he + omp::Hand(f);
                            for (unsigned g = f + 1; g < 52; ++g) {
                                sum += eval.evaluate(hf + omp::Hand(g));
                                ++count;
                            }
                        }
                    }
                }
            }
        }
    }
    auto [w, c] = t.stop();
    if (count != 133784560) {
        fprintf(stderr, "enum7: %llu hands\n", (unsigned long long)count);
        exit(1);
    }
    printf("row %s %.4f ns/hand %llu %.4f\n", name, w * 1e9 / double(count), (unsigned long long)sum, c * 1e9 / double(count));
}

// exact enumerates one matchup on one thread; reps runs, mean time.
// A fresh calculator per run: OMPEval caches per-preflop results in the
// calculator, so reusing one would skip the work on the second run.
void exact(const char* name, const std::vector<omp::CardRange>& ranges, int reps) {
    double eq = 0, total = 0, cpu = 0;
    for (int i = 0; i < reps; ++i) {
        omp::EquityCalculator calc;
        Timer t;
        calc.start(ranges, 0, 0, true, 0, nullptr, 0.2, 1);
        calc.wait();
        auto [w, c] = t.stop();
        total += w;
        cpu += c;
        eq = calc.getResults().equity[0];
    }
    printf("row %s %.4f ms %.8f %.4f\n", name, total * 1e3 / reps, eq, cpu * 1e3 / reps);
}

// monteCarlo samples n showdowns on one thread.
void monteCarlo(const char* name, const std::vector<omp::CardRange>& ranges, uint64_t n) {
    omp::EquityCalculator calc;
    calc.setHandLimit(n);
    Timer t;
    calc.start(ranges, 0, 0, false, 0, nullptr, 0.2, 1);
    calc.wait();
    auto [w, c] = t.stop();
    auto r = calc.getResults();
    printf("row %s %.4f ns/showdown %.4f %.4f\n", name, w * 1e9 / double(r.hands), r.equity[0],
           c * 1e9 / double(r.hands));
}

}  // namespace

int main(int argc, char** argv) {
    std::string only = argc > 1 ? argv[1] : "";
    auto want = [&](const char* name) { return only.empty() || only == name; };
    auto table = randomHands();
    // OMPEval's range parser reads "JJ-88" and "AQs-ATs" as JJ and AQs only:
    // spell the ranges out.
    std::vector<omp::CardRange> hu{"AsKs", "QdQc"};
    std::vector<omp::CardRange> rr{"QQ+,AKs", "JJ,TT,99,88,AQs,AJs,ATs"};
    const uint64_t mcN = 1 << 23;
    if (want("hand-eval")) handEval(table, "hand-eval");
    if (want("cards-eval")) cardsEval(table, "cards-eval");
    if (want("set-eval")) cardsEval(table, "set-eval");
    if (want("enum7")) enum7("enum7");
    // The Go side's -batch rows do the same work through its batch
    // functions; OMPEval has one form, run again for each.
    if (want("hand-eval-batch")) handEval(table, "hand-eval-batch");
    if (want("cards-eval-batch")) cardsEval(table, "cards-eval-batch");
    if (want("set-eval-batch")) cardsEval(table, "set-eval-batch");
    if (want("enum7-batch")) enum7("enum7-batch");
    if (want("enum7-whole")) enum7("enum7-whole");
    if (want("exact-hu")) exact("exact-hu", hu, 20);
    if (want("exact-ranges")) exact("exact-ranges", rr, 1);
    if (want("mc-hu")) monteCarlo("mc-hu", hu, mcN);
    if (want("mc-ranges")) monteCarlo("mc-ranges", rr, mcN);
    return 0;
}
