/* The searches alone (csrc/ws_solve.h), timed without Python: the "C alone"
 * column of benchmarks/bench_solve.py, which writes the files, builds this with
 * the C core's sources and flags (setup.py) and reads what it prints.
 *
 *   solve_kernel lines|paths LETTERS OFFSETS GRIDS ROWS COLS MIN_LENGTH REPEAT
 *
 * LETTERS: the dictionary's letter codes back to back (uint8); OFFSETS: where
 * each word starts, and one past the last (int32, native order); GRIDS: grids of
 * ROWS*COLS cell codes, one after another. For each grid, prints the readings
 * found and the median microseconds of REPEAT searches.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ws_dict.h"
#include "ws_solve.h"

static void *slurp(const char *path, long *size)
{
    FILE *f = fopen(path, "rb");
    if (!f || fseek(f, 0, SEEK_END) != 0 || (*size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
        return NULL;
    void *data = malloc((size_t)*size + 1);
    if (data && fread(data, 1, (size_t)*size, f) != (size_t)*size) {
        free(data);
        data = NULL;
    }
    fclose(f);
    return data;
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc != 9 || (strcmp(argv[1], "lines") != 0 && strcmp(argv[1], "paths") != 0)) {
        fprintf(stderr, "usage: solve_kernel lines|paths LETTERS OFFSETS GRIDS ROWS COLS "
                        "MIN_LENGTH REPEAT\n");
        return 2;
    }
    const int paths = strcmp(argv[1], "paths") == 0;
    long nletters, noffsets, ngrids;
    uint8_t *letters = slurp(argv[2], &nletters);
    int32_t *offsets = slurp(argv[3], &noffsets);
    uint8_t *grids = slurp(argv[4], &ngrids);
    const int32_t rows = atoi(argv[5]), cols = atoi(argv[6]), min_length = atoi(argv[7]);
    const int repeat = atoi(argv[8]);
    if (!letters || !offsets || !grids || rows < 1 || cols < 1 || repeat < 1) {
        fprintf(stderr, "solve_kernel: cannot read the files or the sizes\n");
        return 2;
    }
    const ws_words words = {(int32_t)(noffsets / 4 - 1), letters, offsets};
    ws_dict *dict = NULL;
    if (ws_dict_build(&words, &dict) != WS_OK) {
        fprintf(stderr, "solve_kernel: the dictionary does not build\n");
        return 1;
    }
    int32_t room = 1 << 16;
    int64_t cell_room = 1 << 20;
    int32_t *out_word = malloc(sizeof(int32_t) * (size_t)room);
    int32_t *out_start = malloc(sizeof(int32_t) * (size_t)room);
    int32_t *out_cells = malloc(sizeof(int32_t) * (size_t)cell_room);
    uint8_t *out_dir = malloc((size_t)room);
    double *times = malloc(sizeof(double) * (size_t)repeat);
    if (!out_word || !out_start || !out_cells || !out_dir || !times)
        return 1;
    const long cells = (long)rows * cols;
    for (long g = 0; g + cells <= ngrids; g += cells) {
        int64_t found = 0;
        for (int k = 0; k < repeat; k++) {
            ws_status status;
            double start;
            do { /* room for every reading, then the timed search */
                start = seconds();
                if (paths) {
                    int64_t found_cells = 0;
                    status = ws_solve_paths(dict, grids + g, rows, cols, min_length, INT64_MAX,
                                            out_word, out_cells, room, cell_room, &found,
                                            &found_cells);
                    if (status == WS_NO_CAPACITY) {
                        room = (int32_t)found;
                        cell_room = found_cells;
                    }
                } else {
                    int32_t lines = 0;
                    status = ws_solve_lines(dict, grids + g, rows, cols, min_length, out_word,
                                            out_start, out_dir, room, &lines);
                    found = lines;
                    if (status == WS_NO_CAPACITY)
                        room = lines;
                }
                if (status == WS_NO_CAPACITY) {
                    out_word = realloc(out_word, sizeof(int32_t) * (size_t)room);
                    out_start = realloc(out_start, sizeof(int32_t) * (size_t)room);
                    out_dir = realloc(out_dir, (size_t)room);
                    out_cells = realloc(out_cells, sizeof(int32_t) * (size_t)cell_room);
                    if (!out_word || !out_start || !out_dir || !out_cells)
                        return 1;
                }
            } while (status == WS_NO_CAPACITY);
            times[k] = seconds() - start;
            if (status != WS_OK) {
                fprintf(stderr, "solve_kernel: status %d\n", (int)status);
                return 1;
            }
        }
        qsort(times, (size_t)repeat, sizeof(double), by_value);
        printf("%lld %.4f\n", (long long)found, times[repeat / 2] * 1e6);
    }
    ws_dict_free(dict);
    return 0;
}
