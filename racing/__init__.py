"""Racing: jets racing through numbered gates; the game is coming, no models yet."""
