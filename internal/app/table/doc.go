// Package table runs the poker tables of `pokerlab serve`: one goroutine
// per table owns a holdem.Hand, deals hand after hand, asks each NPC seat
// (npc.Bot) for its action and waits for each human seat's action up to a
// timeout, then checks or folds for them. It is the server's only place
// where a table's play is decided; the HTTP layer (internal/app/serve) only
// translates requests into Table.State, Table.Act and Table.Subscribe.
//
// # Hands
//
// Hand k is dealt with the button at seat (k−1) mod n from a deck seeded by
// the table's seed, the epoch and k; the NPCs decide with a seed from the
// table's seed and k (npc.Bot.DecideHand), so a table replays exactly for
// the same seed and the same human actions. A hand that is not finished
// when the table stops (shutdown, kill, lost lease) is void: the stacks
// stay as stored after the last finished hand, and the epoch counter that
// a resumed table gets deals the interrupted hand's number anew with other
// cards, so that nobody who saw the voided cards gains by it.
//
// With KeepStacks the stacks carry over and a broke seat buys in again
// (BuyIns counts it), so that Σ stacks = Stack · Σ BuyIns always holds;
// otherwise every hand starts from Stack.
//
// A finished hand goes to the Store (with the table's stacks after it, in
// one transaction) before the next hand is dealt; only then do the
// clients get hand_end.
//
// # Information
//
// A State is built for one viewer: the viewer's own hole cards, the others'
// only after an EvShow (showdown), never mucked ones. Events are kept as
// plain records in a ring (Options.EventBuffer) with a visibility: hole
// cards go only to their seat. Event ids are "epoch:sequence"; a client
// that reconnects with the last id it saw continues after it, or gets a
// resync event when the id is from another epoch or too old.
//
// # Security
//
// Human seats are identified by a 256-bit random token given once at
// creation; the table keeps only its SHA-256 and compares hashes in
// constant time (crypto/subtle). Tokens are never logged or stored.
package table
