import no_module_named_like_this  # noqa: F401  (a rule-set module with a broken import)
