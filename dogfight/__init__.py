"""Dogfight: six biplanes over a hex field, three sealed maneuvers a round (after Sopwith, 1978)."""
