"""Hand records: JSON lines that say a hand is its seed plus its actions, and their replay."""
