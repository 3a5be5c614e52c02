// A cost file that reaches up into partition: the arrow core/layers.cmake forbids.
#include "cost/a.h"
#include "partition/b.h"
