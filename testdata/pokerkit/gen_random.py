#!/usr/bin/env python3
"""Random No-Limit Hold'em hands played by PokerKit, written as PHH with
PokerKit's own finishing_stacks: the independent reference of pokerlab's
PokerKit rule set (docs/rules.md).

    git clone https://github.com/uoftcprg/pokerkit /tmp/pokerkit   # pure Python
    PYTHONPATH=/tmp/pokerkit python3 gen_random.py SEED COUNT OUT.phhs
    go test ./hh -run PokerKit -args -pokerkit OUT.phhs

Tables: 2 to 9 players; stacks 1-6, 1-40 or 1-400 chips; blinds 1/2, 2/4,
2/2 or 1/3, a quarter with a straddle (big blind + 1, 2x, 2x + 1 or 3x);
antes of 1, or a big-blind ante, in three hands of ten; a minimum bet other
than the big blind in one of five; tournament and cash-game modes. Players
pick at random among the legal actions (bets: the minimum, all-in, or a
uniform amount between). No fold while a check is free: PokerKit then may
lose chips (a side pot with nobody eligible), which pokerlab does not copy.
"""
import random
import sys
import warnings

from pokerkit import Automation, HandHistory, Mode, NoLimitTexasHoldem

warnings.simplefilter('ignore')
AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
)


def play(state):
    while state.status:
        x = random.random()
        if state.can_complete_bet_or_raise_to() and x < .35:
            lo = state.min_completion_betting_or_raising_to_amount
            hi = state.max_completion_betting_or_raising_to_amount
            y = random.random()
            state.complete_bet_or_raise_to(lo if y < .4 else hi if y < .7 else random.randint(lo, hi))
        elif x < .5 and state.checking_or_calling_amount and state.can_fold():
            state.fold()
        else:
            state.check_or_call()


def main():
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    random.seed(seed)  # also PokerKit's deck shuffles
    hands = []
    for _ in range(count):
        n = random.randint(2, 9)
        stacks = []
        for _ in range(n):
            x = random.random()
            stacks.append(random.randint(1, 6) if x < .25 else random.randint(1, 40) if x < .5 else random.randint(1, 400))
        sb, bb = random.choice([(1, 2), (1, 2), (1, 2), (2, 4), (2, 2), (1, 3)])
        blinds = [sb, bb] + [0] * (n - 2)
        if n >= 3 and random.random() < .25:
            blinds[2] = random.choice([bb + 1, 2 * bb, 2 * bb + 1, 3 * bb])
        antes = [0] * n
        r = random.random()
        if r < .2:
            antes = [1] * n
        elif r < .3:
            antes[1 if n > 2 else 0] = bb
        min_bet = bb if random.random() < .8 else random.choice([1, bb + 1, 2 * bb])
        mode = Mode.CASH_GAME if random.random() < .3 else Mode.TOURNAMENT
        state = NoLimitTexasHoldem.create_state(AUTOMATIONS, False, antes, blinds, min_bet, stacks, n, mode=mode)
        play(state)
        game = NoLimitTexasHoldem(AUTOMATIONS, False, antes, blinds, min_bet, mode=mode)
        hh = HandHistory.from_game_state(game, state)
        hh.finishing_stacks = list(state.stacks)
        hands.append(hh)
    with open(out, 'wb') as f:
        HandHistory.dump_all(hands, f)


if __name__ == '__main__':
    main()
