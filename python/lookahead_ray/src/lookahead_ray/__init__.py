"""Run `lookahead tune` searches on Ray (Docs/Distributed.md)."""

from .journal import Journal, JournalBusy, JournalMismatch
from .search import RaySearch, TrialAbandoned, WorkerDataDiffers
from .shipping import ShippingRefused
from .worker import WorkerLost, WorkerProcess, WorkerRefused

__all__ = [
    "Journal", "JournalBusy", "JournalMismatch", "RaySearch", "ShippingRefused", "TrialAbandoned", "WorkerLost",
    "WorkerDataDiffers", "WorkerProcess", "WorkerRefused",
]
