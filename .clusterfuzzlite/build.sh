#!/bin/bash -eu
# SPDX-License-Identifier: MIT
# build.sh - ClusterFuzzLite runs the same build as OSS-Fuzz.
exec "$SRC/u8conform/fuzz/oss-fuzz/build.sh"
