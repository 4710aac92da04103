"""The toy games are registered while the contract runs (and only then), as a plug-in would."""

import pytest

from sim import registry
from tests.contract.cases import TOYS


@pytest.fixture(scope="package", autouse=True)
def toy_games_registered():
    added = [name for name in TOYS if name not in registry.GAMES]
    for name, module in TOYS.items():
        registry.register(name, module)
    yield
    for name in added:
        registry.GAMES.pop(name, None)
