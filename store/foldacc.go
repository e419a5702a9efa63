package store

// foldAcc: placeholder.
type foldAcc struct{}
