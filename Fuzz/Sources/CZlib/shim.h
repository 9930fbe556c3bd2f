// zlib's crc32, for the model target to reseal a mutated model file (FuzzEntry.swift).
#include <zlib.h>
