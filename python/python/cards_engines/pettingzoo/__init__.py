"""PettingZoo AEC environments, one module per game: ``cards_engines.pettingzoo.cego_v0.env()``
and likewise ``grosse_kleine_a_v0``, ``big_a_v0``, ``einer_ist_immer_v0``,
``contract_rummy_v0``. Needs the ``pettingzoo`` extra (``pip install ./python[pettingzoo]``)."""

from . import big_a_v0, cego_v0, contract_rummy_v0, einer_ist_immer_v0, grosse_kleine_a_v0

__all__ = ["big_a_v0", "cego_v0", "contract_rummy_v0", "einer_ist_immer_v0", "grosse_kleine_a_v0"]
