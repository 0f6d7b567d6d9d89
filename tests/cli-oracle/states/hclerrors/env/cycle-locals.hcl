locals {
  a = local.b
  b = local.a
}
values {
  x = local.a
}
