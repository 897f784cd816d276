"""The site's English dates: a deadline reads "Mon 1 Dec 2026, 12:00" (24 hours, as in the
game's noon), not Django's "Dec. 1, 2026, noon"."""

DATE_FORMAT = "j M Y"
DATETIME_FORMAT = "D j M Y, H:i"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
