"""FIDE's Rating Regulations since 2014: the 2014 text (section 8), the 2022 text (FIDE
Handbook B.02 of 1 January 2022), the 2024 text and its October 2025 amendment, and the
vectorised rating period."""
