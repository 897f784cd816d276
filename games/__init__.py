"""The small platform the games share: games, seats, rounds, sealed orders, reports, the sweep.

``games.enginekit`` is pure Python (no Django, no platform module): the engines share it.
"""
