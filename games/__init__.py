"""The small platform the games share: games, seats, rounds, sealed orders, reports, the sweep.

``games.jsonface`` is pure Python (no Django): the engines share it for their JSON faces.
"""
