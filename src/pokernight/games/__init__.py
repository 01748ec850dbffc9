"""One module per game: its options dataclass and its phase script."""
