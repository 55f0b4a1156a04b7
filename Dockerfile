FROM python:3.11-slim
ENV PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY cognicore ./cognicore
COPY memory ./memory
COPY subagents ./subagents
COPY workflows ./workflows
COPY orchestrator ./orchestrator
RUN pip install --no-cache-dir .
EXPOSE 8000
ENTRYPOINT ["cognicore"]
