"""Dogfight tables that live beyond one game: pilots and their names."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Pilot(models.Model):
    """A person's pilot: the name is his for good, unique ignoring case, spaces and accents."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="pilots")
    name = models.CharField(max_length=30)
    key = models.CharField(max_length=120, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name
