"""The contract every registered game passes (DESIGN principle 11), parametrised over the registry."""
