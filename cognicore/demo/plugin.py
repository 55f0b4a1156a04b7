"""The sales demo as a plugin: its settings and vocabulary as data, registered by entry point like any other."""

from __future__ import annotations

from cognicore.demo import seed_demo
from cognicore.demo.sales import REGIONS, SCHEMA
from cognicore.demo.sql_rules import OfflineSqlWriter
from cognicore.plugins import Plugin

DATABASE_QUERY_DESCRIPTION = (
    "Answers questions about the sales data (revenue, units sold, orders, average order value, margin "
    "by product, category, region, channel, customer segment, quarter, month or year; top/bottom N; "
    "periods such as the latest quarter or a given year) by running one read-only SQL query over the "
    "allowed schemas. Returns the rows as a table with the SQL it ran."
)

PLUGIN = Plugin(
    name="sales_demo",
    domain="It serves Aurora Devices, a consumer electronics company; sales figures live in its sales database.",
    agent_settings={
        "database_query": {
            "schemas": [SCHEMA],
            "description": DATABASE_QUERY_DESCRIPTION,
            "glossary": [
                '"sales" means revenue unless units are asked for',
                '"best-selling" means units sold unless revenue is named',
            ],
        }
    },
    offline_sql_writer=OfflineSqlWriter,
    seed=seed_demo,
    data_words=(
        "sales sold sell revenue revenues turnover units unit volume orders order quantity best-selling",
        "bestseller bestsellers top-selling margin profit region regions category categories channel product products",
    ),
    knowledge_words=("catalog catalogue warranty return returns shipping",),
    synonyms=(
        "latam latin",
        "apac asia",
        "eu europe european",
        "na north america",
        "qbr review",
        "headphone headphones earbud earbuds buds",
    ),
    entities=tuple(code for _name, code, _share, _mix in REGIONS),  # names come from the data; codes do not
)
