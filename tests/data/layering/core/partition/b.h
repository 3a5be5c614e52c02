#pragma once
#include "cost/a.h"
