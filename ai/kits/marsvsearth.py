"""Mars vs. Earth for the computer players: the hidden roles, hands and deck sampled
(`ai.samplers.marsvsearth`) and its rules of thumb (`ai.heuristics.marsvsearth`); nothing but
the outcome counts for the greedy player."""

from __future__ import annotations

from ai.heuristics import Heuristics
from ai.heuristics.marsvsearth import guide, shortlist, standing
from ai.kit import Kit
from ai.samplers.marsvsearth import MarsVsEarthSampler

KIT = Kit(MarsVsEarthSampler(), heuristics=Heuristics(guide, shortlist, standing))
