#include "ws_rng.h"

#include <assert.h>
void ws_rng_seed(ws_rng *rng, uint64_t seed)
{
    uint64_t z = seed;
    for (int i = 0; i < 4; i++) {
        z = ws_mix64(z);
        rng->s[i] = z;
    }
    if ((rng->s[0] | rng->s[1] | rng->s[2] | rng->s[3]) == 0)
        rng->s[0] = 1;
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t ws_rng_next(ws_rng *rng)
{
    uint64_t *s = rng->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t ws_rng_below(ws_rng *rng, uint64_t bound)
{
    assert(bound > 0);
    /* Reject the top partial block so every residue is equally likely. */
    const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t r;
    do {
        r = ws_rng_next(rng);
    } while (r >= limit);
    return r % bound;
}
