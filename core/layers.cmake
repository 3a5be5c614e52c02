# The core's libraries and their arrows (docs/architecture.md, "Library order inside core"): one static
# library a folder, each linking only the libraries named here. check_layers.cmake reads this table
# and fails the configure step (and the core/layering test) when a file includes a folder its library
# may not see, so an arrow the wrong way, and with it any cycle, cannot build.
set(shardscope_core_layers util model training hardware import cost partition proposals export calibration)
set(shardscope_core_depends_util "")
set(shardscope_core_depends_model util)
set(shardscope_core_depends_training util)
set(shardscope_core_depends_hardware util training)
set(shardscope_core_depends_import util model)
set(shardscope_core_depends_cost util model training hardware)
set(shardscope_core_depends_partition util model training hardware cost)
set(shardscope_core_depends_proposals util model training hardware cost partition)
set(shardscope_core_depends_export util model training hardware import cost partition proposals)
set(shardscope_core_depends_calibration util model training hardware import cost partition)
