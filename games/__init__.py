"""The small platform the four games share; for now only the health check and home page."""
