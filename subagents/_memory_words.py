"""Paraphrase data of the offline memory answer (`memory_answer`): generic English, not a domain's words."""

from __future__ import annotations

import re

# Paraphrase groups of what people say about themselves and their team: a question word matches memories that
# use any word of its group ("which city am I based in?" finds "The user lives in Berlin"). Generic English.
MEMORY_GROUPS = (
    "live lives living lived based reside resides located city town home relocate relocated move moved",
    "name names call called nickname",
    "responsible responsibility handle handles handled handling own owns owner manage manages managed charge care "
    "look looks after cover covers lead leads deal deals contact",
    "drink drinks drinking drinker beverage",
    "diet eat eats eating food",
    "team people size headcount staff members member big many",
    "start starts started begin begins time",
    "target targets goal goals quota objective",
    "budget money spend funds afford",
    "launch launching launched release date",
    "alert alerts notification notifications notify receive",
    "commute get gets travel",
    "manager boss supervisor report reports",
    "job jobs title role roles position occupation work works profession",
    "answer answers answering respond responds response reply replies",
    "quickly quick fast speed turnaround within promise promised",
    "tool tools system systems platform software app track tracks tracking record records log logs crm use uses",
    "approve approves approved approval approver sign signs sign-off ok okay authorise authorize",
    "call on-call oncall pager rota duty standby",
    "sit sits seated office floor building",
    "reach reachable contact contacted message ping",
    "like likes prefer prefers preferred preference favourite favorite love loves",
    "big large major",
    "allow allowed allowance permit permitted limit limits max maximum cap ceiling",
)
# Phrases whose words mislead ("what do I do for a living?" is about work, not where the user lives).
PHRASE_CONCEPTS = (
    (re.compile(r"\bfor a living\b", re.I), "living", "job work"),
    (re.compile(r"\bkicks?\s+off\b", re.I), "kick", "start"),  # "when does the shift kick off?"
)
