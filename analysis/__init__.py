"""Analysis of paiju runs: reading run directories, estimators, exact values, reports."""
