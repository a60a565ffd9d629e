"""The kernel manager of the workshop command (``ratingkit/workshop/share/voila.json``).

Voila's pool keeps preheated kernels out of the culler's reach, but a kernel handed to a
visitor keeps the idle clock of its preheating: in a room that came in after the server had
been up for ``cull_idle_timeout`` seconds, the culler's next pass shut the kernel down before
the visitor's page had connected to it (seen in ``bench/workshop_room.py``: with a 10 s
timeout, 3 of 6 visitors lost their kernel).  Here a kernel the culler meets for the first
time outside the pool starts its idle clock then; after that it is culled as usual.
"""

from __future__ import annotations

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class WorkshopKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` whose idle clock starts when a kernel leaves the pool."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]  # jupyter_server's has none
        self._clock_started: set[str] = set()  # a few ids a visitor; never pruned

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        # Voila's pool class (a subclass of this one) returns before calling this for a kernel
        # still in the pool, so a kernel seen here for the first time has just been handed out.
        if kernel_id not in self._clock_started:
            self._clock_started.add(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is not None and hasattr(kernel, "last_activity"):
                kernel.last_activity = utcnow()
                return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]
