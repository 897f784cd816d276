"""Duel: a space fighter duel on a hex board; the game is coming, no models yet."""
