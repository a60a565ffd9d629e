"""The workshop server's one addition to Voila (README, "Workshop mode"; issue 17, 5)."""
