"""The site's German dates: a deadline reads "Di, 1. Dez. 2026, 12:00"."""

DATE_FORMAT = "j. M Y"
DATETIME_FORMAT = "D, j. M Y, H:i"
SHORT_DATETIME_FORMAT = "j. M Y, H:i"
