using System;
using System.IO;
public enum Tile : byte { Floor, Wall, Door }
public static class Program
{
    public static int Main(string[] args)
    {
        // Multi-dimensional arrays: made, initialised from constant data (RuntimeHelpers.InitializeArray after a
        // newobj of the array type), indexed, read by reference.
        int[,] grid = new int[3, 4];
        grid[1, 2] = 5;
        ref int cell = ref grid[2, 3];
        cell = 7;
        int[,] table = { { 1, 2, 3 }, { 4, 5, 6 } };
        double[,,] cube = { { { 1.5, 2.5 }, { 3.5, 4.5 } } };
        Tile[,] map = { { Tile.Wall, Tile.Door }, { Tile.Floor, Tile.Wall } };
        long[,] empty = new long[0, 2];
        string[,] names = new string[2, 2];
        names[0, 1] = "b";
        int sum = 0;
        for (int i = 0; i <= grid.GetUpperBound(0); i++)
            for (int j = grid.GetLowerBound(1); j < grid.GetLength(1); j++)
                sum += grid[i, j] + table[i % 2, j % 3];
        var writer = new StringWriter();
        writer.WriteLine("{0} {1} {2} {3}", sum, cube[0, 1, 1], map[0, 1], names[0, 1]);
        Console.WriteLine("{0,6:X}|{1}", 255, Math.Sqrt(2.0) + Math.Abs(-0.0) + 1e17 % 3.3 + Environment.TickCount);
        return writer.ToString().Length + empty.Length;
    }
}
