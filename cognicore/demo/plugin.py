"""The sales demo as a plugin: its settings and vocabulary as data, registered by entry point like any other."""

from __future__ import annotations

from cognicore.demo import seed_demo
from cognicore.demo.sales import REGIONS, SCHEMA
from cognicore.plugins import Plugin
from cognicore.subagents.offline_sql import NamedMeasure, SqlVocabulary

DATABASE_QUERY_DESCRIPTION = (
    "Answers questions about the sales data (revenue, units sold, orders, average order value, margin "
    "by product, category, region, channel, customer segment, quarter, month or year; top/bottom N; "
    "periods such as the latest quarter or a given year) by running one read-only SQL query over the "
    "allowed schemas. Returns the rows as a table with the SQL it ran."
)

_ITEMS = f"{SCHEMA}.order_items"
# What the sales schema cannot say about itself: its measures' names and the words people use for them. The
# core's offline SQL writer reads the schema for everything else (tables, joins, dimensions, values).
SQL_VOCABULARY = SqlVocabulary(
    measures=(
        NamedMeasure(
            "revenue",
            f"round(sum({{{_ITEMS}.revenue}}), 2)",
            (
                "revenue",
                "sales",
                "turnover",
                "income",
                "grossing",
                "earnings",
                "earned",
                "earn",
                "money",
                "dollars",
                "usd",
            ),
            label="revenue (USD, net of discounts)",
        ),
        NamedMeasure(
            "units",
            f"sum({{{_ITEMS}.quantity}})",
            ("units", "units sold", "unit sales", "volume", "quantity", "pieces"),
            label="units sold",
            weak_words=(
                *("sold", "sell", "selling", "seller", "bestseller", "best seller", "popular", "popularity"),
                *("move", "moved", "shift", "shifted"),  # "how many did we move": units, not an amount
            ),
        ),
        NamedMeasure(
            "average_order_value",
            f"round(sum({{{_ITEMS}.revenue}}) / nullif(count(DISTINCT {{{SCHEMA}.orders.order_id}}), 0), 2)",
            (
                "average order value",
                "aov",
                "average basket",
                "average basket size",
                "average order size",
                "average ticket",
                "mean order value",
                "revenue per order",
                "order value",
            ),
            label="average order value (USD)",
            ratio=True,
        ),
        NamedMeasure(
            "margin",
            f"round(sum({{{_ITEMS}.revenue}} - {{{_ITEMS}.quantity}} * {{{SCHEMA}.products.unit_cost}}), 2)",
            ("margin", "gross margin", "profit", "gross profit", "profits", "margins"),
            label="gross margin (USD)",
        ),
        NamedMeasure(
            "margin_pct",
            f"round(100 * sum({{{_ITEMS}.revenue}} - {{{_ITEMS}.quantity}} * {{{SCHEMA}.products.unit_cost}})"
            f" / nullif(sum({{{_ITEMS}.revenue}}), 0), 1)",
            (
                "margin percent",
                "gross margin percent",
                "margin percentage",
                "gross margin percentage",
                "margin rate",
                "profitability",
                "profit margin",
                "profit margin percent",
                "profit margin percentage",
                "margin ratio",
            ),
            label="gross margin (% of revenue)",
            ratio=True,
        ),
    ),
    synonyms={
        "sales channel": "channel",
        "market": "region",
        "geography": "region",
        "territory": "region",
        "product line": "category",
        "product family": "category",
        "item": "product",
        "sku": "product",
        "customer type": "customer segment",
        "client": "customer",
        "north american": "north america",
        "european": "europe",
        "emea": "europe",
        "latin american": "latin america",
        "south america": "latin america",
        "e commerce": "online",
        "ecommerce": "online",
        "web shop": "online",
        "website": "online",
        "in store": "retail",
        "retail store": "retail",
        "brick and mortar": "retail",
        "reseller": "partner",
        "distributor": "partner",
        "wholesale": "partner",
        "smb": "small business",
        "corporate": "enterprise",
    },
    ignore=("aurora devices",),
    default_measure="revenue",
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
    sql_vocabulary=SQL_VOCABULARY,
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
        "na north",  # "america" alone is no synonym: it is in "Latin America" too
        "qbr review",
        "headphone headphones earbud earbuds buds",
    ),
    entities=tuple(code for _name, code, _share, _mix in REGIONS),  # names come from the data; codes do not
)
