"""Joyride: track tiles through a jetpack lab; the game is coming, no models yet."""
