values x
{
}
