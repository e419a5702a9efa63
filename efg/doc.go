// Package efg is pokerlab's model of finite extensive-form games: the one
// compiled, immutable representation that every solver (package cfr), every
// equilibrium tracer (package qre) and every evaluation (package br) shares.
//
// A game written in Go implements the small State interface (player to move or
// chance, labelled actions, chance probabilities, an information-set key,
// terminal utilities) and Compile walks it once into a *Tree. Gambit's .efg
// format (version 2) reads into and writes from the same *Tree (ReadEFG,
// WriteEFG), so everything that accepts a game accepts a Gambit file too.
//
// # The model
//
// The definitions follow the CFR lecture's slides 7–11 and Osborne & Rubinstein ch. 11:
// N ≥ 1 players plus chance; histories form a tree; the decision nodes of each
// player are partitioned into information sets whose nodes the player cannot
// tell apart, so every node of an information set has the same actions (same
// labels, same order); terminal nodes carry a payoff for every player. A
// behaviour strategy gives a distribution over the actions of each information
// set; a profile is one behaviour strategy per player.
//
// Compile requires perfect recall (the CFR lecture's slide 14): all nodes of an
// information set of player i are reached by the same sequence of player i's
// own information sets and actions. It is checked, not assumed, and a violation
// names the information set. Perfect recall is what lets best response, CFR's
// reach-weighted average strategy and the sequence-form linear program work on
// information sets one at a time.
//
// Games need not be zero-sum: Compile records whether the payoffs of every
// terminal add up to one constant (Tree.ConstantSum, Tree.Sum). Two-player
// constant-sum games are strategically zero-sum; algorithms that need zero-sum
// treat them so (subtracting Sum/2 from each payoff changes no best response).
//
// # Layout
//
// A Tree is a struct of flat slices (postflop-solver's arena layout; see the
// field comments). Node 0 is the root. The children of node n are the
// contiguous indices FirstChild[n] … FirstChild[n]+NumChildren[n]-1, and every
// child has a larger index than its parent, so one forward sweep over the node
// indices visits parents before children (reach probabilities) and one backward
// sweep visits children before parents (expected values), with no recursion
// and no pointers. Per-action data of information set I lives at the global
// action indices ActionStart[I] … ActionStart[I+1]-1; a behaviour profile is a
// []float64 of length NumActions() indexed that way.
//
// A Tree is immutable after Compile or ReadEFG: its slices must not be
// modified, and it may be shared by any number of goroutines.
package efg
