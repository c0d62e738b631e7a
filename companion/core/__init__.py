"""Game-agnostic parts: errors, seeded dice and shuffles, questions, the journal and saves."""
