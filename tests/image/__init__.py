"""The image test: the Docker image laid out, installed and run as the Dockerfile says, in a
temporary folder and without a Docker engine (see `tests.image.dockerfile`)."""
