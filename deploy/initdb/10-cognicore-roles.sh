#!/bin/sh
# First start of the compose database: the two login roles cognicore needs besides the owner, with the
# passwords the app services are given (README, Security model). Migrations then set their attributes,
# defaults and grants; on an existing volume run the same two statements by hand.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_password="${COGNICORE_APP_PASSWORD:-cognicore_app}" \
  -v reader_password="${COGNICORE_SQL_READER_PASSWORD:-cognicore_reader}" <<'SQL'
CREATE ROLE cognicore_app LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD :'app_password';
CREATE ROLE cognicore_sql_reader LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT
    PASSWORD :'reader_password';
SQL
