/* gridgeom.h - the umbrella header: everything libgridgeom declares.
 * Only the headers under include/gridgeom/ are API; anything else may change without notice. */
#ifndef GRIDGEOM_GRIDGEOM_H
#define GRIDGEOM_GRIDGEOM_H

#include "gridgeom/base.h"
#include "gridgeom/core.h"
#include "gridgeom/topology.h"
#include "gridgeom/fog.h"
#include "gridgeom/terrain.h"
#include "gridgeom/hex.h"
#include "gridgeom/rules.h"

#endif /* GRIDGEOM_GRIDGEOM_H */
