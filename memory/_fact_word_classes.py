"""The general-English word classes the fact rules' guards read, each defined once.

A guard asks whether a word is an article, a first-person word, a discourse opener, a verb of spending, a form of
"be" or "have", a noun naming the kind of a value: classes of English, never of a domain. The rules build the sets
they need from these (`_fact_slot_guards`, `_fact_owners`, `_fact_slot_values`, `_fact_placement`,
`_fact_handover`, `_fact_newvalue`) instead of writing their own lists.
"""

from __future__ import annotations

__all__ = [
    "ARTICLES",
    "BEING",
    "DETERMINERS",
    "DISCOURSE_OPENERS",
    "FIRST_PLURAL",
    "FIRST_POSSESSIVES",
    "FIRST_SINGULAR",
    "FUNCTION_WORDS",
    "IRREGULAR_PAST",
    "POSSESSIVES",
    "SOME",
    "SPENDING_VERBS",
    "THIRD_SINGULAR",
    "VALUE_NOUNS",
]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


ARTICLES = _words("the a an")
POSSESSIVES = _words("my our your their his her its")
FIRST_POSSESSIVES = _words("my our")
DETERMINERS = ARTICLES | POSSESSIVES
SOME = _words("another some")  # "another rep", "some colleague": someone not named
FIRST_SINGULAR = _words("i i'm i've i'd i'll me my mine myself")
FIRST_PLURAL = _words("we we're we've our ours us")
THIRD_SINGULAR = _words("he she his her he's she's hers")  # not "they": "they raised my quota"
# Forms of "be" and "have": a sentence going on with its verb, not another noun.
BEING = _words("is are was were be am has have had")
# Words that open a message before what it is about ("update: the goal got lowered ...", "oops, ...").
DISCOURSE_OPENERS = _words("so and but oh ok okay btw fyi update correction actually sorry oops well")
# What was done with an amount ("spent $25k", "used 3 of the licences"), not what a slot now holds.
SPENDING_VERBS = _words("spent spend spending used using paid pay paying burned burnt blew blown owe owes owed")
# Past forms without -ed ("the travel budget cut to 12k", "the retro got put back").
IRREGULAR_PAST = _words(
    "cut put set hit let made paid sold told kept left took taken gave given gone done stays stay stood"
)
# Nouns that name the kind of a slot's value, not another thing: "my office days", "the shift start time".
VALUE_NOUNS = _words("day days time times date dates hour hours amount figure number total")
# Small words of a sentence and of time: no noun.
FUNCTION_WORDS = BEING | _words(
    "it it's its this that these those and or but so to in on at by from with as than then now today tomorrow "
    "tonight every each all too also still already again i i'm we we're you he she they my our your his her their "
    "me us them which who what when where up down off out over back into onto about after before since until per "
    "via just only"
)
