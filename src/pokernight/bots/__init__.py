"""Computer players: each is a function of its seat's view only."""
