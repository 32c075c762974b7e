/* Development harness for the hidden-message fill's variants (csrc/ws_message.c
 * built with -DWS_MESSAGE_TUNING, as in the commit that added this file):
 *
 *   .venv/bin/python -c '...' writes DICT.bin (see benchmarks/bench_message.py)
 *   gcc -O2 -std=c99 -DWS_MESSAGE_TUNING -Icsrc csrc/ws_message.c csrc/ws_lexicon.c \
 *       csrc/ws_rng.c csrc/ws_grid.c benchmarks/message_variants.c -o variants
 *   ./variants DICT.bin POSITION_FIRST FINISH FINISH_AT GRIDS LENGTH_MODE
 *
 * DICT.bin: int32 count, int32 letters, then per word a length byte and its codes.
 * Prints, per size, the first-try rate, average rounds, median ms, words, diagonal
 * share, failures, and a histogram of the cells still missing when a round failed.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ws_message.h"
#include "ws_rng.h"

long ws_dbg_missing[16];
static int cmp(const void *a, const void *b){ double x=*(const double*)a, y=*(const double*)b; return x<y?-1:x>y; }
int main(int argc, char **argv){
    FILE *fh=fopen(argv[1],"rb"); int32_t n, nl; fread(&n,4,1,fh); fread(&nl,4,1,fh);
    uint8_t *letters=malloc(n*64); int32_t *off=malloc((n+1)*4); off[0]=0;
    for(int i=0;i<n;i++){ int L=fgetc(fh); fread(letters+off[i],1,L,fh); off[i+1]=off[i]+L; }
    ws_words words={n,letters,off}; ws_lexicon *lex; if(ws_lexicon_build(&words,nl,&lex)!=WS_OK){puts("bad");return 1;}
    ws_message_tune.position_first=atoi(argv[2]); ws_message_tune.finish=atoi(argv[3]); ws_message_tune.finish_at=atoi(argv[4]); ws_message_tune.spare2=argc>6?atoi(argv[6]):1;
    int sizes[]={8,10,12,15,20,25}; int grids=argc>5?atoi(argv[5]):300;
    printf("size first%% avg_rounds median_ms words diag%% fail\n");
    for(int si=0;si<6;si++){ int side=sizes[si]; int nc=side*side;
        uint8_t *g=calloc(nc,1), *og=malloc(nc); int32_t *ow=malloc(nc*4),*os=malloc(nc*4); uint8_t *od=malloc(nc);
        double *t=malloc(grids*sizeof(double)); int first=0, fails=0; long rounds=0, wsum=0, diag=0; int ok=0;
        ws_rng r; ws_rng_seed(&r, 1234+side);
        for(int i=0;i<grids;i++){
            int N=side+(int)ws_rng_below(&r,5);
            ws_message_params p={.rows=side,.cols=side,.grid=g,.lexicon=lex,.holes=N,.dir_mask=0xFF,.seed=ws_rng_next(&r),.first_round=0};
            ws_message_output o={.capacity=nc,.grid=og,.words=ow,.starts=os,.dirs=od};
            struct timespec a,b; clock_gettime(CLOCK_MONOTONIC,&a);
            ws_status st=ws_message_fill(&p,&o);
            clock_gettime(CLOCK_MONOTONIC,&b);
            t[i]=(b.tv_sec-a.tv_sec)*1e3+(b.tv_nsec-a.tv_nsec)/1e6;
            if(st!=WS_OK){fails++; rounds+=100; continue;}
            ok++; first+=o.round==0; rounds+=o.round+1; wsum+=o.count;
            for(int k=0;k<o.count;k++) diag+=o.dirs[k]&1;
        }
        qsort(t,grids,sizeof(double),cmp);
        for(int q=0;q<16;q++){printf(" %ld",ws_dbg_missing[q]);ws_dbg_missing[q]=0;} puts("");
        printf("%2dx%-2d %5.1f %6.2f %8.3f %6.1f %5.1f %d\n",side,side,100.0*first/grids,(double)rounds/grids,t[grids/2],ok?(double)wsum/ok:0,wsum?100.0*diag/wsum:0,fails);
        fflush(stdout);
    }
    return 0;
}
