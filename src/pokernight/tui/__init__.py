"""The terminal table (Textual): a game menu and one table screen for every game, drawn from
the protocol's views and events alone, so no game's rules live here."""
