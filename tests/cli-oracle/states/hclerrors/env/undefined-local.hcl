locals {
  k = 1
}
values {
  a = local.nope
}
