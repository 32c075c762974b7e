/* The one source of randomness: a seeded generator that gives the same stream on
 * every machine (64-bit integer arithmetic only, no floating point). */
#ifndef WS_RNG_H
#define WS_RNG_H

#include <stdint.h>

/* xoshiro256** state; four words, never all zero once seeded. */
typedef struct {
    uint64_t s[4];
} ws_rng;

/* SplitMix64's step: 2^64 over the golden ratio, odd, so that adding it again and
 * again visits every 64-bit value before repeating. */
#define WS_GOLDEN_GAMMA 0x9E3779B97F4A7C15u

/* SplitMix64 finaliser: a strong 64-bit mix used both to seed the generator and to
 * give every packing candidate a key that depends only on what the candidate is. */
static inline uint64_t ws_mix64(uint64_t z)
{
    z += WS_GOLDEN_GAMMA;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

void ws_rng_seed(ws_rng *rng, uint64_t seed);
uint64_t ws_rng_next(ws_rng *rng);
/* Uniform integer in [0, bound), bound > 0, without modulo bias. */
uint64_t ws_rng_below(ws_rng *rng, uint64_t bound);

#endif
