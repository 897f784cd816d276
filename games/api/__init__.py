"""The public JSON API under /api/v1/ (django-ninja): the lobby, games, published rounds and
chatter for anyone; a seat's open round, the engine's legal choices, a preview and order
submission for the seat's owner. Every game answers through its plug (``GameRules``'s API
methods): nothing here names a game or decides a rule."""
